import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putHouseRules } from '../house/rules.ts';
import { testDialects } from '../test/databases.ts';
import { startPeerServer, startTestApp, type PeerServer, type TestApp, type TestClient } from '../test/test-app.ts';

/**
 * Swaps («scambio») and stays given («cedi»). On PostgreSQL the races run across two processes'
 * worth of connections (a second app on the same database); on SQLite one process serves both.
 */
describe.each(testDialects)('swaps and stays given (%s)', (dialect) => {
  let t: TestApp;
  let other: PeerServer;
  const c: Record<string, TestClient> = {};
  /** The same members on the other process (PostgreSQL), or the same one (SQLite). */
  const far: Record<string, TestClient> = {};
  const ids: Record<string, string> = {};

  const book = async (who: string, start: string, end: string) => {
    const response = await c[who]!.post('/api/bookings', { start, end, purpose: 'personal' });
    expect(response.status).toBe(201);
    return response.body.booking as { id: string; version: number; ownerId: string; status: string };
  };
  const ownerOf = async (id: string) => (await t.ctx.db.selectFrom('bookings').select(['userId', 'status']).where('id', '=', id).executeTakeFirst())!;
  const noticeOf = async (who: string, kind: string) => (await c[who]!.get('/api/notices')).body.notices.find((n: any) => n.kind === kind);
  const propose = (who: string, bookingId: string, withBookingId: string) => c[who]!.post('/api/swaps', { bookingId, withBookingId });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    for (const name of ['anna', 'luca', 'carla', 'dario', 'admin']) {
      c[name] = await t.login(name === 'admin' ? 'admin' : 'member');
      ids[name] = (await c[name]!.get('/api/session')).body.user.id;
    }
    other = await startPeerServer(t);
    for (const name of Object.keys(c)) {
      far[name] = other.as(c[name]!);
    }
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  it('swaps two stays when the other accepts: each has the other’s dates, in the history and the notices', async () => {
    const annas = await book('anna', '2027-01-01', '2027-01-08');
    const lucas = await book('luca', '2027-02-10', '2027-02-17');
    const proposed = await propose('anna', annas.id, lucas.id);
    expect(proposed.status).toBe(201);
    const swap = proposed.body.swap;
    expect(swap).toMatchObject({ state: 'pending', proposerId: ids.anna, toId: ids.luca, booking: { id: annas.id }, withBooking: { id: lucas.id }, expiresOn: '2027-01-01', stale: false });
    // Both see it; nobody else does; one open proposal per pair, either way round.
    expect((await c.luca!.get('/api/swaps')).body.swaps.map((s: any) => s.id)).toEqual([swap.id]);
    expect((await c.anna!.get('/api/swaps')).body.swaps.map((s: any) => s.id)).toEqual([swap.id]);
    expect((await c.carla!.get('/api/swaps')).body.swaps).toEqual([]);
    expect((await propose('luca', lucas.id, annas.id)).body.error.code).toBe('SWAP_PENDING');
    expect((await c.carla!.post(`/api/swaps/${swap.id}/accept`)).status).toBe(404);
    expect((await c.anna!.post(`/api/swaps/${swap.id}/accept`)).status).toBe(403);
    expect(await noticeOf('luca', 'swap-proposed')).toMatchObject({ kind: 'swap-proposed', bookingId: annas.id, start: '2027-01-01', byName: expect.any(String) });

    const accepted = await c.luca!.post(`/api/swaps/${swap.id}/accept`, undefined, { 'idempotency-key': 'swap-accept-1' });
    expect(accepted.body.swap).toMatchObject({ state: 'accepted' });
    expect(await ownerOf(annas.id)).toEqual({ userId: ids.luca, status: 'confirmed' });
    expect(await ownerOf(lucas.id)).toEqual({ userId: ids.anna, status: 'confirmed' });
    // A retry, with its key or without, answers as the first did and moves nothing back.
    expect((await c.luca!.post(`/api/swaps/${swap.id}/accept`, undefined, { 'idempotency-key': 'swap-accept-1' })).headers.get('idempotent-replayed')).toBe('true');
    expect((await c.luca!.post(`/api/swaps/${swap.id}/accept`)).body.swap.state).toBe('accepted');
    expect((await ownerOf(annas.id)).userId).toBe(ids.luca);
    expect((await c.luca!.post(`/api/swaps/${swap.id}/decline`)).body.error.code).toBe('SWAP_DECIDED');
    const history = (await c.anna!.get(`/api/bookings/${lucas.id}/history`)).body.changes.map((ch: any) => ch.action);
    expect(history).toEqual(['created', 'proposed', 'swapped']);
    const swapped = (await c.anna!.get(`/api/bookings/${lucas.id}/history`)).body.changes[2];
    expect(swapped.fields.owner).toMatchObject({ to: expect.stringMatching(/^member/) });
    expect(await noticeOf('anna', 'swap-accepted')).toMatchObject({ kind: 'swap-accepted', bookingId: lucas.id, start: '2027-02-10' });
    expect((await c.anna!.get('/api/swaps')).body.swaps).toEqual([]);
  });

  it('refuses what breaks a rule, naming whose, and makes a peak stay a request for its new owner', async () => {
    await putHouseRules(t.ctx.db, { quotaNights: 20 });
    try {
      const short = await book('carla', '2027-03-01', '2027-03-04');
      const long = await book('dario', '2027-03-10', '2027-03-20');
      await book('carla', '2027-04-01', '2027-04-15');
      const refused = await propose('dario', long.id, short.id);
      expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 409, code: 'SWAP_RULES' });
      expect(refused.body.error.details).toMatchObject({ rule: 'quota', memberId: ids.carla, year: 2027, quotaNights: 20, usedNights: 14, remainingNights: 6, requestedNights: 10 });
    } finally {
      await putHouseRules(t.ctx.db, { quotaNights: null });
    }
    expect((await c.admin!.post('/api/peak-periods', { name: 'Carnevale', from: '02-20', to: '02-28' })).status).toBe(201);
    const inPeak = (await c.admin!.post('/api/bookings', { start: '2027-02-21', end: '2027-02-24', purpose: 'personal', ownerId: ids.carla, override: { reason: 'test' } })).body.booking;
    const plain = await book('dario', '2027-05-01', '2027-05-04');
    const swap = (await propose('carla', inPeak.id, plain.id)).body.swap;
    expect((await c.dario!.post(`/api/swaps/${swap.id}/accept`)).status).toBe(200);
    // Dario's peak nights wait for an administrator, as his own request there would.
    expect(await ownerOf(inPeak.id)).toEqual({ userId: ids.dario, status: 'requested' });
    expect((await c.admin!.get('/api/booking-requests')).body.bookings.map((b: any) => b.id)).toContain(inPeak.id);
    expect(await ownerOf(plain.id)).toEqual({ userId: ids.carla, status: 'confirmed' });
  });

  it('fails cleanly when a stay changed, began or is checked in; only owners propose; decline and withdraw', async () => {
    const a = await book('anna', '2027-06-01', '2027-06-05');
    const b = await book('luca', '2027-06-10', '2027-06-14');
    expect((await propose('carla', a.id, b.id)).body.error.code).toBe('NOT_YOUR_BOOKING');
    expect((await propose('anna', a.id, a.id)).body.error.code).toBe('VALIDATION');
    const swap = (await propose('anna', a.id, b.id)).body.swap;
    expect((await c.luca!.request('PUT', `/api/bookings/${b.id}`, { start: '2027-06-11', end: '2027-06-14', purpose: 'personal' })).status).toBe(200);
    expect((await c.anna!.get('/api/swaps')).body.swaps.find((s: any) => s.id === swap.id).stale).toBe(true);
    const stale = await c.luca!.post(`/api/swaps/${swap.id}/accept`);
    expect({ status: stale.status, code: stale.body.error.code }).toEqual({ status: 409, code: 'SWAP_STALE' });
    expect(await ownerOf(a.id)).toMatchObject({ userId: ids.anna });
    expect(await ownerOf(b.id)).toMatchObject({ userId: ids.luca });
    expect((await c.luca!.post(`/api/swaps/${swap.id}/decline`)).body.swap.state).toBe('declined');
    expect(await noticeOf('anna', 'swap-declined')).toMatchObject({ kind: 'swap-declined' });

    const again = (await propose('anna', a.id, b.id)).body.swap;
    expect((await c.luca!.delete(`/api/swaps/${again.id}`)).status).toBe(403);
    expect((await c.anna!.delete(`/api/swaps/${again.id}`)).status).toBe(204);
    expect((await c.luca!.post(`/api/swaps/${again.id}/accept`)).body.error.code).toBe('SWAP_DECIDED');

    const checked = await book('carla', '2027-07-01', '2027-07-04');
    const third = (await propose('anna', a.id, checked.id)).body.swap;
    await t.ctx.db.updateTable('bookings').set({ checkedIn: 1 }).where('id', '=', checked.id).execute();
    expect((await c.carla!.post(`/api/swaps/${third.id}/accept`)).body.error.code).toBe('SWAP_STALE');
    expect((await propose('anna', a.id, checked.id)).body.error.code).toBe('BOOKING_CHECKED_IN');
    // From the earlier stay's first day the proposal is over (the clock moves on a day: tests after this book in 2027).
    const tomorrow = (await c.admin!.post('/api/bookings', { start: '2026-11-22', end: '2026-11-24', purpose: 'personal', ownerId: ids.anna })).body.booking;
    const late = (await propose('anna', tomorrow.id, (await book('luca', '2027-08-01', '2027-08-04')).id)).body.swap;
    expect(late.expiresOn).toBe('2026-11-22');
    t.clock.advanceToDay('2026-11-22');
    expect((await c.luca!.post(`/api/swaps/${late.id}/accept`)).body.error.code).toBe('SWAP_EXPIRED');
    expect((await propose('anna', tomorrow.id, b.id)).body.error.code).toBe('SWAP_EXPIRED');
  });

  it('gives a stay to a member, or to the first on its waitlist, who accepts or declines', async () => {
    const members = (await c.anna!.get('/api/members/directory')).body.members;
    expect(members.map((m: any) => m.id)).toEqual(expect.arrayContaining([ids.luca, ids.carla]));
    expect(Object.keys(members[0]).sort()).toEqual(['colour', 'id', 'name']);
    const stay = await book('anna', '2027-09-01', '2027-09-08');
    expect((await c.anna!.post(`/api/bookings/${stay.id}/offer`, {})).body.error.code).toBe('WAITLIST_EMPTY');
    expect((await c.anna!.get(`/api/bookings/${stay.id}/first-waiting`)).body).toEqual({ first: null });
    // Carla asked first for some of its nights, Dario after her.
    expect((await c.carla!.post('/api/waitlist', { start: '2027-09-05', end: '2027-09-07' })).status).toBe(201);
    expect((await c.dario!.post('/api/waitlist', { start: '2027-09-01', end: '2027-09-03' })).status).toBe(201);
    expect((await c.anna!.get(`/api/bookings/${stay.id}/first-waiting`)).body.first).toMatchObject({ id: ids.carla });
    expect((await c.luca!.get(`/api/bookings/${stay.id}/first-waiting`)).body.error.code).toBe('NOT_YOUR_BOOKING');
    const offered = await c.anna!.post(`/api/bookings/${stay.id}/offer`, {});
    expect(offered.status).toBe(201);
    expect(offered.body.offer).toMatchObject({ toId: ids.carla, viaWaitlist: true, booking: { id: stay.id, start: '2027-09-01' }, state: 'pending' });
    expect((await c.anna!.post(`/api/bookings/${stay.id}/offer`, { toMemberId: ids.luca })).body.error.code).toBe('SWAP_PENDING');
    expect((await c.carla!.get('/api/offers')).body.offers.map((o: any) => o.id)).toEqual([offered.body.offer.id]);
    expect(await noticeOf('carla', 'offer-made')).toMatchObject({ kind: 'offer-made', bookingId: stay.id });
    expect((await c.carla!.post(`/api/offers/${offered.body.offer.id}/accept`)).body.offer.state).toBe('accepted');
    expect(await ownerOf(stay.id)).toEqual({ userId: ids.carla, status: 'confirmed' });
    expect((await c.carla!.get(`/api/bookings/${stay.id}/history`)).body.changes.map((ch: any) => ch.action)).toEqual(['created', 'proposed', 'given']);
    expect(await noticeOf('anna', 'offer-accepted')).toMatchObject({ kind: 'offer-accepted' });
    // Given on: Carla offers it to Luca, who declines; it stays hers.
    expect((await c.anna!.post(`/api/bookings/${stay.id}/offer`, { toMemberId: ids.luca })).body.error.code).toBe('NOT_YOUR_BOOKING');
    const toLuca = (await c.carla!.post(`/api/bookings/${stay.id}/offer`, { toMemberId: ids.luca })).body.offer;
    expect((await c.luca!.post(`/api/offers/${toLuca.id}/decline`)).body.offer.state).toBe('declined');
    expect((await ownerOf(stay.id)).userId).toBe(ids.carla);
    expect((await c.carla!.post(`/api/bookings/${stay.id}/offer`, { toMemberId: 'nobody' })).body.error.code).toBe('USER_NOT_FOUND');

    // Offered to the first on the waitlist and declined, it passes to the next; after the last, it stays.
    const next = await book('luca', '2027-09-20', '2027-09-25');
    expect((await c.carla!.post('/api/waitlist', { start: '2027-09-21', end: '2027-09-23' })).status).toBe(201);
    expect((await c.dario!.post('/api/waitlist', { start: '2027-09-22', end: '2027-09-24' })).status).toBe(201);
    const first = (await c.luca!.post(`/api/bookings/${next.id}/offer`, {})).body.offer;
    expect(first.toId).toBe(ids.carla);
    expect((await c.carla!.post(`/api/offers/${first.id}/decline`)).status).toBe(200);
    const passed = (await c.dario!.get('/api/offers')).body.offers.find((o: any) => o.booking.id === next.id);
    expect(passed).toMatchObject({ toId: ids.dario, fromId: ids.luca, viaWaitlist: true, state: 'pending' });
    expect((await c.dario!.post(`/api/offers/${passed.id}/decline`)).status).toBe(200);
    expect((await c.luca!.get('/api/offers')).body.offers.filter((o: any) => o.booking.id === next.id)).toEqual([]);
    expect((await ownerOf(next.id)).userId).toBe(ids.luca);
  });

  it('gives a stay to the first who waits and may take it: one whose quota it would break is passed by', async () => {
    await putHouseRules(t.ctx.db, { quotaNights: 20 });
    try {
      await book('carla', '2028-01-01', '2028-01-10');
      await book('carla', '2028-02-01', '2028-02-10');
      const stay = await book('anna', '2028-09-01', '2028-09-06');
      // Carla asked first, but 18 of her 20 nights are spent: the stay would break her quota.
      expect((await c.carla!.post('/api/waitlist', { start: '2028-09-02', end: '2028-09-04' })).status).toBe(201);
      expect((await c.dario!.post('/api/waitlist', { start: '2028-09-03', end: '2028-09-05' })).status).toBe(201);
      expect((await c.anna!.get(`/api/bookings/${stay.id}/first-waiting`)).body.first).toMatchObject({ id: ids.dario });
      const offered = (await c.anna!.post(`/api/bookings/${stay.id}/offer`, {})).body.offer;
      expect(offered).toMatchObject({ toId: ids.dario, viaWaitlist: true });
      // Dario declines; nobody else who waits may take it, so it stays Anna's and no offer is open.
      expect((await c.dario!.post(`/api/offers/${offered.id}/decline`)).status).toBe(200);
      expect((await c.carla!.get('/api/offers')).body.offers).toEqual([]);
      expect((await ownerOf(stay.id)).userId).toBe(ids.anna);
      expect((await c.anna!.get(`/api/bookings/${stay.id}/first-waiting`)).body).toEqual({ first: null });
      expect((await c.anna!.post(`/api/bookings/${stay.id}/offer`, {})).body.error.code).toBe('WAITLIST_EMPTY');
    } finally {
      await putHouseRules(t.ctx.db, { quotaNights: null });
    }
  });

  it('lets one of an acceptance and the owner’s cancel win, never half of both', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await book('anna', `2027-10-0${round + 1}`, `2027-10-0${round + 2}`);
      const b = await book('luca', `2027-10-1${round + 1}`, `2027-10-1${round + 2}`);
      const swap = (await propose('anna', a.id, b.id)).body.swap;
      const [accepted, cancelled] = await Promise.all([far.luca!.post(`/api/swaps/${swap.id}/accept`), c.anna!.delete(`/api/bookings/${a.id}`)]);
      if (accepted.status === 200) {
        expect(cancelled.status).toBe(403);
        expect(await ownerOf(a.id)).toMatchObject({ userId: ids.luca });
        expect(await ownerOf(b.id)).toMatchObject({ userId: ids.anna });
      } else {
        expect({ accepted: accepted.body.error.code, cancelled: cancelled.status }).toEqual({ accepted: 'SWAP_STALE', cancelled: 204 });
        expect(await ownerOf(b.id)).toMatchObject({ userId: ids.luca });
      }
    }
  });

  it('lets exactly one of two swaps of one stay, accepted at once, through', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await book('anna', `2027-11-0${round + 1}`, `2027-11-0${round + 2}`);
      const b = await book('luca', `2027-11-1${round + 1}`, `2027-11-1${round + 2}`);
      const d = await book('dario', `2027-11-2${round + 1}`, `2027-11-2${round + 2}`);
      const withLuca = (await propose('anna', a.id, b.id)).body.swap;
      const withDario = (await propose('anna', a.id, d.id)).body.swap;
      const answers = await Promise.all([c.luca!.post(`/api/swaps/${withLuca.id}/accept`), far.dario!.post(`/api/swaps/${withDario.id}/accept`)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.error.code).toBe('SWAP_STALE');
      const winner = answers[0]!.status === 200 ? 'luca' : 'dario';
      expect((await ownerOf(a.id)).userId).toBe(ids[winner]);
      // The loser keeps his stay; Anna holds exactly one of the two.
      const annaHolds = [(await ownerOf(b.id)).userId, (await ownerOf(d.id)).userId].filter((u) => u === ids.anna);
      expect(annaHolds).toHaveLength(1);
    }
  });

  it('lets one of an offer’s acceptance and the owner’s move win', async () => {
    for (let round = 0; round < 3; round++) {
      const stay = await book('anna', `2027-12-0${2 * round + 1}`, `2027-12-0${2 * round + 2}`);
      const offer = (await c.anna!.post(`/api/bookings/${stay.id}/offer`, { toMemberId: ids.luca })).body.offer;
      const [accepted, moved] = await Promise.all([
        far.luca!.post(`/api/offers/${offer.id}/accept`),
        c.anna!.request('PUT', `/api/bookings/${stay.id}`, { start: `2027-12-${20 + 2 * round}`, end: `2027-12-${21 + 2 * round}`, purpose: 'personal' }),
      ]);
      const row = (await t.ctx.db.selectFrom('bookings').select(['userId', 'startDate']).where('id', '=', stay.id).executeTakeFirst())!;
      if (accepted.status === 200) {
        expect(moved.status).toBe(403);
        expect(row).toEqual({ userId: ids.luca, startDate: `2027-12-0${2 * round + 1}` });
      } else {
        expect({ accepted: accepted.body.error.code, moved: moved.status }).toEqual({ accepted: 'OFFER_STALE', moved: 200 });
        expect(row).toEqual({ userId: ids.anna, startDate: `2027-12-${20 + 2 * round}` });
      }
    }
  });
});
