import { describe, expect, it } from 'vitest';
import { noticeText, noticeUrl } from './messages.ts';

const payload = { start: '2027-07-10', end: '2027-07-17', byName: 'Giulia', reason: 'Vous étiez là l’an passé.', inFavourOfName: 'Marco', endsAt: '2027-03-01T17:00:00.000Z' };

describe('what a notice says', () => {
  it('says it in French to a member who reads French, with the house clock’s time', () => {
    expect(noticeText('fr', 'request-approved', payload, 'Europe/Zurich')).toEqual({ title: 'Demande approuvée', body: 'Ton séjour 10.07.2027 – 17.07.2027 est confirmé. Vous étiez là l’an passé.' });
    expect(noticeText('fr', 'request-declined', payload, 'Europe/Zurich')).toEqual({
      title: 'Demande refusée',
      body: 'Ta demande 10.07.2027 – 17.07.2027 n’a pas été retenue: les dates vont à Marco. Motif: Vous étiez là l’an passé.',
    });
    expect(noticeText('fr', 'turn-started', payload, 'Europe/Zurich')).toEqual({ title: 'C’est ton tour', body: 'Tu peux maintenant réserver dans la période 10.07.2027 – 17.07.2027, jusqu’au 01.03.2027 18:00.' });
    expect(noticeText('fr', 'waitlist-freed', payload, 'Europe/Zurich').title).toBe('Des nuitées se sont libérées');
  });

  it('has a text of its own in every language for every kind', () => {
    for (const kind of ['request-approved', 'request-declined', 'turn-started', 'waitlist-freed'] as const) {
      const titles = (['it', 'de', 'en', 'fr'] as const).map((language) => noticeText(language, kind, payload, 'Europe/Zurich').title);
      expect(new Set(titles).size, kind).toBe(4);
    }
  });
});

describe('where a notice leads', () => {
  it('opens a confirmed request on its booking, a declined one in the history, a turn or freed nights on their month', () => {
    const about = { bookingId: 'b-1', start: '2027-07-10' };
    expect(noticeUrl({ kind: 'request-approved', ...about }, 'u-1')).toBe('/app/calendario?mese=2027-07&prenotazione=b-1');
    expect(noticeUrl({ kind: 'request-declined', ...about }, 'u-1')).toBe('/app/prenotazioni/u-1');
    expect(noticeUrl({ kind: 'turn-started', bookingId: null, start: '2027-08-01' }, 'u-1')).toBe('/app/calendario?mese=2027-08');
    expect(noticeUrl({ kind: 'waitlist-freed', bookingId: null, start: null }, 'u-1')).toBe('/app/calendario');
  });
});
