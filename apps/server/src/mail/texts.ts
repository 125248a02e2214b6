import type { Language, NotificationKind } from '@rustico/core';


/** Emails greet people as the family does: by their first name. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

interface Stay {
  dates: string;
}

/** Every sentence of Rustico's emails, in Italian, German, English and French. */
export interface MailTexts {
  greeting: (name: string) => string;
  footerKind: Record<NotificationKind, string>;
  unsubscribe: string;
  unsubscribeLink: string;
  openApp: string;
  arrivalEve: { subject: string; intro: (s: Stay) => string; letter: string; guide: string };
  checkinMissing: { subject: string; intro: (s: Stay) => string; action: string };
  departure: { subject: string; intro: (s: Stay) => string; checklist: string; action: string };
  unpaid: { subject: (amount: string) => string; intro: (s: Stay & { amount: string }) => string; bank: (holder: string, iban: string) => string; twint: (phone: string) => string; attached: string; action: string };
  unpaidSummary: { subject: (count: number) => string; intro: (count: number, total: string) => string; line: (name: string, dates: string, amount: string) => string; action: string };
  booking: { subject: Record<'created' | 'updated' | 'deleted', (owner: string) => string>; body: Record<'created' | 'updated' | 'deleted', (owner: string, dates: string) => string>; action: string };
  notesDigest: { subject: (count: number) => string; intro: (count: number) => string; line: (author: string, text: string) => string; action: string };
  passwordReset: { subject: string; intro: string; action: string; validity: string; ignore: string };
  invitation: { subject: (house: string) => string; intro: (house: string, email: string) => string; action: string; validity: string };
  test: { subject: string; body: string };
  /** Above the house's own texts (letter, guide, checklist) when the house has not written them in the reader's language. */
  houseText: string;
}

const it: MailTexts = {
  greeting: (name) => `Ciao ${firstName(name)},`,
  footerKind: {
    bookings: 'Ricevi questa email perché hai scelto di essere avvisato delle prenotazioni degli altri.',
    notes: 'Ricevi questa email perché hai scelto il riassunto delle note.',
    reminders: 'Ricevi questa email perché hai scelto i promemoria per email.',
    fairness: 'Ricevi questa email perché hai scelto le notizie su richieste e turni per email.',
  },
  unsubscribe: 'Per non ricevere più queste email:',
  unsubscribeLink: 'annulla l’iscrizione',
  openApp: "Apri l'app",
  arrivalEve: {
    subject: 'Domani si parte per il Rustico',
    intro: (s) => `domani inizia il tuo soggiorno (${s.dates}). Ecco cosa fare all'arrivo.`,
    letter: 'Le regole della casa, in breve:',
    guide: "La guida all'arrivo",
  },
  checkinMissing: {
    subject: 'Check-in non ancora registrato',
    intro: (s) => `il tuo soggiorno (${s.dates}) è iniziato oggi, ma il check-in non è ancora registrato. Leggi il contatore della corrente e registralo in Gestione.`,
    action: 'Registra il check-in',
  },
  departure: {
    subject: 'Oggi si riparte: check-out e pulizie',
    intro: (s) => `oggi finisce il tuo soggiorno (${s.dates}). Prima di chiudere la porta registra il check-out con la lettura del contatore.`,
    checklist: 'La lista delle pulizie:',
    action: 'Registra il check-out',
  },
  unpaid: {
    subject: (amount) => `Soggiorno da pagare: ${amount}`,
    intro: (s) => `il tuo soggiorno (${s.dates}) non è ancora pagato: sono ${s.amount}.`,
    bank: (holder, iban) => `Bonifico a ${holder}, IBAN ${iban}.`,
    twint: (phone) => `Oppure con Twint al ${phone}.`,
    attached: 'In allegato trovi la polizza di versamento con codice QR.',
    action: 'Registra il pagamento',
  },
  unpaidSummary: {
    subject: (count) => (count === 1 ? 'Un soggiorno da pagare' : `${count} soggiorni da pagare`),
    intro: (count, total) => (count === 1 ? `un soggiorno terminato non è ancora pagato (${total}):` : `${count} soggiorni terminati non sono ancora pagati, in tutto ${total}:`),
    line: (name, dates, amount) => `${name}, ${dates}: ${amount}`,
    action: 'Vedi le statistiche',
  },
  booking: {
    subject: { created: (o) => `Nuova prenotazione di ${o}`, updated: (o) => `Prenotazione di ${o} modificata`, deleted: (o) => `Prenotazione di ${o} annullata` },
    body: {
      created: (o, d) => `${o} ha prenotato il Rustico: ${d}.`,
      updated: (o, d) => `${o} ha cambiato la sua prenotazione, ora: ${d}.`,
      deleted: (o, d) => `La prenotazione di ${o} (${d}) è stata annullata.`,
    },
    action: 'Apri il calendario',
  },
  notesDigest: {
    subject: (count) => (count === 1 ? 'Una nuova nota' : `${count} nuove note`),
    intro: (count) => (count === 1 ? 'oggi è stata scritta una nota:' : `oggi sono state scritte ${count} note:`),
    line: (author, text) => `${author}: ${text}`,
    action: 'Leggi le note',
  },
  passwordReset: {
    subject: 'Scegli una nuova password',
    intro: 'qualcuno (speriamo tu) ha chiesto di cambiare la password del tuo account.',
    action: 'Scegli una nuova password',
    validity: "Il link vale un'ora e funziona una volta sola.",
    ignore: 'Se non sei stato tu, ignora questa email: la password resta quella di prima.',
  },
  invitation: {
    subject: (house) => `Benvenuto al ${house}`,
    intro: (house, email) => `ti abbiamo aggiunto all'app del ${house}. Scegli la tua password per entrare con ${email}.`,
    action: 'Scegli la password',
    validity: 'Il link vale sette giorni e funziona una volta sola.',
  },
  test: { subject: 'Email di prova', body: "Se leggi queste righe, l'invio di email del Rustico funziona." },
  houseText: 'I testi della casa sono in italiano.',
};

const de: MailTexts = {
  greeting: (name) => `Hallo ${firstName(name)},`,
  footerKind: {
    bookings: 'Du erhältst diese E-Mail, weil du über die Buchungen der anderen informiert werden möchtest.',
    notes: 'Du erhältst diese E-Mail, weil du die Zusammenfassung der Notizen gewählt hast.',
    reminders: 'Du erhältst diese E-Mail, weil du Erinnerungen per E-Mail gewählt hast.',
    fairness: 'Du erhältst diese E-Mail, weil du Nachrichten zu Anfragen und Runden per E-Mail gewählt hast.',
  },
  unsubscribe: 'Um diese E-Mails nicht mehr zu erhalten:',
  unsubscribeLink: 'abmelden',
  openApp: 'App öffnen',
  arrivalEve: {
    subject: 'Morgen geht es ins Rustico',
    intro: (s) => `morgen beginnt dein Aufenthalt (${s.dates}). Das ist bei der Ankunft zu tun.`,
    letter: 'Die Hausregeln in Kürze:',
    guide: 'Die Anleitung zur Ankunft',
  },
  checkinMissing: {
    subject: 'Check-in noch nicht erfasst',
    intro: (s) => `dein Aufenthalt (${s.dates}) hat heute begonnen, aber der Check-in ist noch nicht erfasst. Lies den Stromzähler ab und erfasse ihn unter Gestione.`,
    action: 'Check-in erfassen',
  },
  departure: {
    subject: 'Heute ist Abreise: Check-out und Putzen',
    intro: (s) => `heute endet dein Aufenthalt (${s.dates}). Bevor du die Tür schliesst, erfasse den Check-out mit dem Zählerstand.`,
    checklist: 'Die Putzliste:',
    action: 'Check-out erfassen',
  },
  unpaid: {
    subject: (amount) => `Aufenthalt noch offen: ${amount}`,
    intro: (s) => `dein Aufenthalt (${s.dates}) ist noch nicht bezahlt: ${s.amount}.`,
    bank: (holder, iban) => `Überweisung an ${holder}, IBAN ${iban}.`,
    twint: (phone) => `Oder mit Twint an ${phone}.`,
    attached: 'Im Anhang findest du den Einzahlungsschein mit QR-Code.',
    action: 'Zahlung erfassen',
  },
  unpaidSummary: {
    subject: (count) => (count === 1 ? 'Ein Aufenthalt offen' : `${count} Aufenthalte offen`),
    intro: (count, total) => (count === 1 ? `ein beendeter Aufenthalt ist noch nicht bezahlt (${total}):` : `${count} beendete Aufenthalte sind noch nicht bezahlt, insgesamt ${total}:`),
    line: (name, dates, amount) => `${name}, ${dates}: ${amount}`,
    action: 'Statistik ansehen',
  },
  booking: {
    subject: { created: (o) => `Neue Buchung von ${o}`, updated: (o) => `Buchung von ${o} geändert`, deleted: (o) => `Buchung von ${o} storniert` },
    body: {
      created: (o, d) => `${o} hat das Rustico gebucht: ${d}.`,
      updated: (o, d) => `${o} hat die Buchung geändert, neu: ${d}.`,
      deleted: (o, d) => `Die Buchung von ${o} (${d}) wurde storniert.`,
    },
    action: 'Kalender öffnen',
  },
  notesDigest: {
    subject: (count) => (count === 1 ? 'Eine neue Notiz' : `${count} neue Notizen`),
    intro: (count) => (count === 1 ? 'heute wurde eine Notiz geschrieben:' : `heute wurden ${count} Notizen geschrieben:`),
    line: (author, text) => `${author}: ${text}`,
    action: 'Notizen lesen',
  },
  passwordReset: {
    subject: 'Wähle ein neues Passwort',
    intro: 'jemand (hoffentlich du) möchte das Passwort deines Kontos ändern.',
    action: 'Neues Passwort wählen',
    validity: 'Der Link gilt eine Stunde und funktioniert nur einmal.',
    ignore: 'Warst du es nicht, ignoriere diese E-Mail: dein Passwort bleibt unverändert.',
  },
  invitation: {
    subject: (house) => `Willkommen im ${house}`,
    intro: (house, email) => `wir haben dich zur App des ${house} hinzugefügt. Wähle dein Passwort, um dich mit ${email} anzumelden.`,
    action: 'Passwort wählen',
    validity: 'Der Link gilt sieben Tage und funktioniert nur einmal.',
  },
  test: { subject: 'Test-E-Mail', body: 'Wenn du diese Zeilen liest, funktioniert der E-Mail-Versand des Rustico.' },
  houseText: 'Die Texte des Hauses stehen im italienischen Original.',
};

const en: MailTexts = {
  greeting: (name) => `Hello ${firstName(name)},`,
  footerKind: {
    bookings: "You get this email because you chose to hear about other people's bookings.",
    notes: 'You get this email because you chose the digest of new notes.',
    reminders: 'You get this email because you chose reminders by email.',
    fairness: 'You get this email because you chose news about requests and turns by email.',
  },
  unsubscribe: 'To stop these emails:',
  unsubscribeLink: 'unsubscribe',
  openApp: 'Open the app',
  arrivalEve: {
    subject: 'Tomorrow you arrive at the Rustico',
    intro: (s) => `your stay (${s.dates}) begins tomorrow. Here is what to do when you arrive.`,
    letter: 'The house rules, in short:',
    guide: 'The arrival guide',
  },
  checkinMissing: {
    subject: 'Check-in not registered yet',
    intro: (s) => `your stay (${s.dates}) began today, but the check-in is not registered yet. Read the electricity meter and register it under Gestione.`,
    action: 'Register the check-in',
  },
  departure: {
    subject: 'Departure day: check-out and cleaning',
    intro: (s) => `your stay (${s.dates}) ends today. Before you lock the door, register the check-out with the meter reading.`,
    checklist: 'The cleaning list:',
    action: 'Register the check-out',
  },
  unpaid: {
    subject: (amount) => `Stay to be paid: ${amount}`,
    intro: (s) => `your stay (${s.dates}) is not paid yet: ${s.amount}.`,
    bank: (holder, iban) => `Bank transfer to ${holder}, IBAN ${iban}.`,
    twint: (phone) => `Or with Twint to ${phone}.`,
    attached: 'The QR-bill is attached.',
    action: 'Register the payment',
  },
  unpaidSummary: {
    subject: (count) => (count === 1 ? 'One stay to be paid' : `${count} stays to be paid`),
    intro: (count, total) => (count === 1 ? `one finished stay is not paid yet (${total}):` : `${count} finished stays are not paid yet, ${total} in all:`),
    line: (name, dates, amount) => `${name}, ${dates}: ${amount}`,
    action: 'See the statistics',
  },
  booking: {
    subject: { created: (o) => `New booking by ${o}`, updated: (o) => `${o} changed a booking`, deleted: (o) => `${o}'s booking cancelled` },
    body: {
      created: (o, d) => `${o} booked the Rustico: ${d}.`,
      updated: (o, d) => `${o} changed their booking, now: ${d}.`,
      deleted: (o, d) => `The booking of ${o} (${d}) was cancelled.`,
    },
    action: 'Open the calendar',
  },
  notesDigest: {
    subject: (count) => (count === 1 ? 'A new note' : `${count} new notes`),
    intro: (count) => (count === 1 ? 'a note was written today:' : `${count} notes were written today:`),
    line: (author, text) => `${author}: ${text}`,
    action: 'Read the notes',
  },
  passwordReset: {
    subject: 'Choose a new password',
    intro: 'someone (hopefully you) asked to change the password of your account.',
    action: 'Choose a new password',
    validity: 'The link is valid for one hour and works once.',
    ignore: "If it wasn't you, ignore this email: your password stays as it was.",
  },
  invitation: {
    subject: (house) => `Welcome to the ${house}`,
    intro: (house, email) => `we added you to the app of the ${house}. Choose your password to log in with ${email}.`,
    action: 'Choose the password',
    validity: 'The link is valid for seven days and works once.',
  },
  test: { subject: 'Test email', body: "If you can read these lines, the Rustico's email works." },
  houseText: "The house's own texts are in the Italian original.",
};

/** Swiss French, as the family writes: «tu», a capital after the greeting, no space before a colon. */
const fr: MailTexts = {
  greeting: (name) => `Bonjour ${firstName(name)},`,
  footerKind: {
    bookings: 'Tu reçois cet e-mail parce que tu as choisi d’être averti des réservations des autres.',
    notes: 'Tu reçois cet e-mail parce que tu as choisi le résumé des notes.',
    reminders: 'Tu reçois cet e-mail parce que tu as choisi les rappels par e-mail.',
    fairness: 'Tu reçois cet e-mail parce que tu as choisi les nouvelles des demandes et des tours par e-mail.',
  },
  unsubscribe: 'Pour ne plus recevoir ces e-mails:',
  unsubscribeLink: 'se désabonner',
  openApp: 'Ouvrir l’app',
  arrivalEve: {
    subject: 'Demain, on part au Rustico',
    intro: (s) => `Demain commence ton séjour (${s.dates}). Voici ce qu’il faut faire à l’arrivée.`,
    letter: 'Les règles de la maison, en bref:',
    guide: 'Le guide de l’arrivée',
  },
  checkinMissing: {
    subject: 'Check-in pas encore enregistré',
    intro: (s) => `Ton séjour (${s.dates}) a commencé aujourd’hui, mais le check-in n’est pas encore enregistré. Relève le compteur d’électricité et enregistre le check-in sous Gestion.`,
    action: 'Enregistrer le check-in',
  },
  departure: {
    subject: 'Départ aujourd’hui: check-out et nettoyage',
    intro: (s) => `Ton séjour (${s.dates}) se termine aujourd’hui. Avant de fermer la porte, enregistre le check-out avec le relevé du compteur.`,
    checklist: 'La liste de nettoyage:',
    action: 'Enregistrer le check-out',
  },
  unpaid: {
    subject: (amount) => `Séjour à payer: ${amount}`,
    intro: (s) => `Ton séjour (${s.dates}) n’est pas encore payé: le montant est de ${s.amount}.`,
    bank: (holder, iban) => `Virement à ${holder}, IBAN ${iban}.`,
    twint: (phone) => `Ou avec Twint au ${phone}.`,
    attached: 'Tu trouveras la QR-facture en pièce jointe.',
    action: 'Enregistrer le paiement',
  },
  unpaidSummary: {
    subject: (count) => (count === 1 ? 'Un séjour à payer' : `${count} séjours à payer`),
    intro: (count, total) => (count === 1 ? `Un séjour terminé n’est pas encore payé (${total}):` : `${count} séjours terminés ne sont pas encore payés, ${total} au total:`),
    line: (name, dates, amount) => `${name}, ${dates}: ${amount}`,
    action: 'Voir les statistiques',
  },
  booking: {
    subject: { created: (o) => `Nouvelle réservation de ${o}`, updated: (o) => `Réservation de ${o} modifiée`, deleted: (o) => `Réservation de ${o} annulée` },
    body: {
      created: (o, d) => `${o} a réservé le Rustico: ${d}.`,
      updated: (o, d) => `${o} a modifié sa réservation, désormais: ${d}.`,
      deleted: (o, d) => `La réservation de ${o} (${d}) a été annulée.`,
    },
    action: 'Ouvrir le calendrier',
  },
  notesDigest: {
    subject: (count) => (count === 1 ? 'Une nouvelle note' : `${count} nouvelles notes`),
    intro: (count) => (count === 1 ? 'Une note a été écrite aujourd’hui:' : `${count} notes ont été écrites aujourd’hui:`),
    line: (author, text) => `${author}: ${text}`,
    action: 'Lire les notes',
  },
  passwordReset: {
    subject: 'Choisis un nouveau mot de passe',
    intro: 'Quelqu’un (toi, espérons-le) a demandé à changer le mot de passe de ton compte.',
    action: 'Choisir un nouveau mot de passe',
    validity: 'Le lien est valable une heure et ne fonctionne qu’une seule fois.',
    ignore: 'Si ce n’était pas toi, ignore cet e-mail: ton mot de passe reste le même.',
  },
  invitation: {
    subject: (house) => `Bienvenue au ${house}`,
    intro: (house, email) => `Tu as maintenant accès à l’app du ${house}. Choisis ton mot de passe pour te connecter avec ${email}.`,
    action: 'Choisir le mot de passe',
    validity: 'Le lien est valable sept jours et ne fonctionne qu’une seule fois.',
  },
  test: { subject: 'E-mail de test', body: 'Si tu lis ces lignes, l’envoi d’e-mails du Rustico fonctionne.' },
  houseText: 'Les textes de la maison sont dans l’original italien.',
};

const TEXTS: Record<Language, MailTexts> = { it, de, en, fr };

export function mailTexts(language: Language): MailTexts {
  return TEXTS[language];
}

