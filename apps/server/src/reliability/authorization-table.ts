/**
 * Who may call what: THE table of the authorization matrix. Every route and
 * method of /api/openapi.json has one row here; a route without a row fails
 * authorization-matrix.test.ts, naming it. Adding a route: add its row with
 * the status each viewer gets, and a `request` that builds what it needs.
 */

export const viewers = ['anonymous', 'member', 'owner', 'otherMember', 'admin', 'superadmin', 'hidden'] as const;
export type Viewer = (typeof viewers)[number];

/**
 * What a row may ask for, made fresh for each viewer so that one viewer's
 * write never changes what the next one meets. Everything belongs to `owner`.
 */
export interface Fixtures {
  ownerId: string;
  ownerEmail: string;
  ownerPassword: string;
  /** A new booking of the owner, at the given step of the stay. */
  booking: (step?: 'checkin' | 'checkout' | 'payment' | 'done') => Promise<string>;
  /** The arrival reading of a new checked-in stay of the owner, as recorded. */
  reading: () => Promise<{ id: string; dayKwh: number; nightKwh: number }>;
  /** A new note of the owner. */
  note: () => Promise<string>;
  /** A new plain member (the subject of the superadmin's routes). */
  newMember: () => Promise<string>;
  /** The file name of the owner's private calendar feed. */
  feedFile: () => Promise<string>;
  /** A new expense the owner paid, unverified, with a photo receipt when asked. */
  expense: (options?: { receipt?: boolean }) => Promise<string>;
  /** A new open contribution of the owner (each in a year of its own): the owner then owes the house. */
  contribution: () => Promise<string>;
  /** Makes the owner the house's only co-owner, so contributions can be issued. */
  coOwner: () => Promise<void>;
  /** A new booking of the owner that waits for approval (a request), with the dates an administrator decides on. */
  request: () => Promise<{ id: string; start: string; end: string }>;
  /** A new peak period, in a year no stay of the matrix reaches. */
  peakPeriod: () => Promise<string>;
  /** A new round of turns in which it is the owner's turn, far from the matrix's stays. */
  turnRound: () => Promise<string>;
  /** The dates of a new booking of the owner: nights someone may wait for. */
  takenStay: () => Promise<{ start: string; end: string }>;
  /** A new waitlist entry of the owner. */
  waitlistEntry: () => Promise<string>;
  /** A new passkey of the owner (its id). */
  passkey: () => Promise<string>;
  /** A new supply of the owner, claimed by the owner when asked. */
  supply: (options?: { claimed?: boolean }) => Promise<string>;
  /** A new task of the owner, with a photo when asked. */
  task: (options?: { photo?: boolean }) => Promise<string>;
  /** The owner's completion of a new task, with a photo. */
  completion: () => Promise<string>;
  /** A new hold («opzione») of the owner (the owner's earlier live holds released first: maxHolds). */
  hold: () => Promise<string>;
  /** Another member, who swaps with the owner or gives the owner a stay. */
  partnerId: string;
  /** A new open swap proposed by the owner to the partner, or by the partner to the owner. */
  swap: (by: 'owner' | 'partner') => Promise<string>;
  /** A new open offer of a stay, by the owner to the partner or by the partner to the owner. */
  offer: (by: 'owner' | 'partner') => Promise<string>;
  /** A new future booking of the owner; of the partner. */
  ownStay: () => Promise<string>;
  partnerStay: () => Promise<string>;
  /** A small PNG: the owner's photo is one, and uploads send one. */
  png: Uint8Array;
  /** A fresh unique number (dates, emails, meter readings). */
  unique: () => number;
}

export interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  contentType?: string;
}

export interface Row {
  /** Status per viewer; `owner` and `otherMember` are `member` unless given. */
  expect: Record<Exclude<Viewer, 'owner' | 'otherMember'>, number> & Partial<Record<'owner' | 'otherMember', number>>;
  request?: (f: Fixtures) => Promise<Call> | Call;
  /**
   * 'spare': the call runs in a second session of the viewer's account, for
   * routes that end or replace the session. 'stream': the server-sent event
   * stream, judged by its status alone.
   */
  mode?: 'spare' | 'stream';
}

const UNAUTH = 401;
/** Anyone, logged in or not, gets `status`. */
const everyone = (status: number) => ({ anonymous: status, member: status, admin: status, superadmin: status, hidden: status });
/** Anyone logged in gets `status`; strangers 401. */
const loggedIn = (status: number) => ({ ...everyone(status), anonymous: UNAUTH });
/** Admins and superadmins get `status`; members (the hidden account is one) 403. */
const admins = (status: number) => ({ anonymous: UNAUTH, member: 403, admin: status, superadmin: status, hidden: 403 });
const superadmins = (status: number) => ({ ...admins(status), admin: 403 });
/** Only the owner of the resource gets `status`; other members and admins 403. */
const ownerOnly = (status: number) => ({ anonymous: UNAUTH, member: 403, owner: status, admin: 403, superadmin: 403, hidden: 403 });
/** A proposal between the owner and another member: only the owner's side answers; to anyone else it does not exist. */
const receiverOnly = (status: number) => ({ anonymous: UNAUTH, member: 404, owner: status, admin: 404, superadmin: 404, hidden: 404 });

const reading = (f: Fixtures) => ({ dayKwh: 1000 + f.unique(), nightKwh: 500 });
/** The n-th stay of a test: one night, two days apart from the next, so no two share a night. */
export function nthStay(n: number) {
  const start = new Date(Date.UTC(2027, 0, 4 + 2 * n)).toISOString().slice(0, 10);
  const end = new Date(Date.UTC(2027, 0, 5 + 2 * n)).toISOString().slice(0, 10);
  return { start, end, purpose: 'personal' };
}
const stay = (f: Fixtures) => nthStay(f.unique());
/** WebAuthn answers in the right shape to a challenge nobody handed out. */
const unknownChallenge = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: 'bm8tc3VjaC1jaGFsbGVuZ2U', origin: 'http://localhost:8080' })).toString('base64url');
const registrationCredential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: unknownChallenge, attestationObject: 'AAAA' }, clientExtensionResults: {} };
const authenticationCredential = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: unknownChallenge, authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
};
const expenseBody = { date: '2026-10-05', amountCentimes: 12_000, category: 'repairs', description: 'Idraulico', recurring: false };

export const authorizationTable: Record<string, Row> = {
  'GET /api/health': { expect: everyone(200) },
  'GET /api/session': { expect: loggedIn(200) },
  // Logging in as the owner works whoever asks; the viewer's own session is left alone.
  'POST /api/session': { expect: everyone(200), mode: 'spare', request: (f) => ({ body: { email: f.ownerEmail, password: f.ownerPassword } }) },
  'DELETE /api/session': { expect: everyone(204), mode: 'spare' },
  // The house has accounts: the first-run link is spent for everyone.
  'GET /api/setup/{token}': { expect: everyone(200), request: () => ({ params: { token: 'not-a-token' } }) },
  'POST /api/setup': {
    expect: everyone(410),
    request: (f) => ({ body: { token: 'not-a-token', name: 'Intruso', email: `intruso${f.unique()}@example.ch`, password: 'a long password' } }),
  },
  'GET /api/users/{id}/photo': { expect: loggedIn(200), request: (f) => ({ params: { id: f.ownerId } }) },
  'GET /api/bookings': { expect: loggedIn(200), request: () => ({ query: 'from=2027-01-01&to=2027-03-01' }) },
  'POST /api/bookings': { expect: loggedIn(201), request: (f) => ({ body: stay(f) }) },
  'GET /api/bookings/next': { expect: loggedIn(200) },
  'GET /api/users/{userId}/bookings': {
    expect: { ...admins(200), owner: 200 },
    request: (f) => ({ params: { userId: f.ownerId } }),
  },
  'GET /api/users/{userId}/bookings/years': {
    expect: { ...admins(200), owner: 200 },
    request: (f) => ({ params: { userId: f.ownerId } }),
  },
  'GET /api/admin/readings': { expect: admins(200) },
  // An admin corrects a reading to what it already says: allowed, and the stay stays valid for the next viewer.
  'PUT /api/admin/readings/{id}': {
    expect: admins(200),
    request: async (f) => {
      const { id, dayKwh, nightKwh } = await f.reading();
      return { params: { id }, body: { dayKwh, nightKwh } };
    },
  },
  'GET /api/bookings/{id}/history': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.booking() } }) },
  'GET /api/activity': { expect: admins(200) },
  'PUT /api/bookings/{id}': { expect: ownerOnly(200), request: async (f) => ({ params: { id: await f.booking() }, body: stay(f) }) },
  'DELETE /api/bookings/{id}': {
    expect: { ...ownerOnly(204), admin: 204, superadmin: 204 },
    request: async (f) => ({ params: { id: await f.booking() } }),
  },
  'GET /api/events': { expect: loggedIn(200), mode: 'stream' },
  'GET /api/house/rules': { expect: loggedIn(200) },
  'GET /api/house/checklist': { expect: loggedIn(200) },
  'GET /api/house/payment': { expect: loggedIn(200) },
  'GET /api/stays/open': { expect: loggedIn(200) },
  'GET /api/meter/latest': { expect: loggedIn(200) },
  'POST /api/bookings/{id}/checkin': { expect: ownerOnly(200), request: async (f) => ({ params: { id: await f.booking('checkin') }, body: reading(f) }) },
  'POST /api/bookings/{id}/checkout': {
    expect: ownerOnly(200),
    request: async (f) => ({ params: { id: await f.booking('checkout') }, body: { ...reading(f), checklistDone: true } }),
  },
  'POST /api/bookings/{id}/payment': {
    expect: ownerOnly(200),
    request: async (f) => ({ params: { id: await f.booking('payment') }, body: { method: 'twint' } }),
  },
  'GET /api/bookings/{id}/qr-bill.svg': { expect: ownerOnly(200), request: async (f) => ({ params: { id: await f.booking('payment') } }) },
  'GET /api/notes': { expect: loggedIn(200) },
  'POST /api/notes': { expect: loggedIn(201), request: () => ({ body: { text: 'Legna portata in cantina' } }) },
  'GET /api/notes/latest': { expect: loggedIn(200) },
  'DELETE /api/notes/{id}': { expect: ownerOnly(204), request: async (f) => ({ params: { id: await f.note() } }) },
  'PUT /api/notes/{id}/reactions/me': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.note() } }) },
  'DELETE /api/notes/{id}/reactions/me': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.note() } }) },
  'GET /api/weather': { expect: loggedIn(200) },
  'GET /api/content/tutorials/{id}': { expect: loggedIn(200), request: () => ({ params: { id: 'arrivo' } }) },
  'GET /api/content/welcome': { expect: loggedIn(200) },
  'GET /api/content/visitor': { expect: everyone(200) },
  'GET /api/profile': { expect: loggedIn(200) },
  'PUT /api/profile': { expect: loggedIn(200), request: (f) => ({ body: { name: `Nome ${f.unique()}` } }) },
  'PUT /api/profile/language': { expect: loggedIn(200), request: () => ({ body: { language: 'it' } }) },
  'GET /api/events/streams': { expect: loggedIn(200) },
  'GET /api/profile/notifications': { expect: loggedIn(200) },
  'PUT /api/profile/notifications': { expect: loggedIn(200), request: () => ({ body: { bookings: 'push', notes: 'none', reminders: 'both' } }) },
  // The signed token in an email's link is the only key; a forged one opens nothing, for anyone.
  'POST /api/unsubscribe': { expect: everyone(400), request: () => ({ body: { token: 'forged.token' } }) },
  // Email is off in this house (no SMTP_URL): the same refusal for everyone, logged in or not.
  'POST /api/password-reset': { expect: everyone(409), request: (f) => ({ body: { email: `nessuno${f.unique()}@example.ch` } }) },
  'GET /api/password-links/{token}': { expect: everyone(200), request: () => ({ params: { token: 'no-such-link' } }) },
  'POST /api/password-links': { expect: everyone(410), request: () => ({ body: { token: 'no-such-link', password: 'correct horse battery' } }) },
  // A wrong current password (400) for every viewer: a right one would end the matrix's other sessions.
  'PUT /api/profile/password': { expect: loggedIn(400), request: () => ({ body: { currentPassword: 'non-la-password', newPassword: 'polenta-e-funghi' } }) },
  'PUT /api/profile/photo': { expect: loggedIn(200), request: (f) => ({ body: f.png, contentType: 'image/png' }) },
  'GET /api/push/public-key': { expect: loggedIn(200) },
  'POST /api/push/subscriptions': {
    expect: loggedIn(204),
    request: (f) => ({ body: { endpoint: `http://127.0.0.1:9/push/${f.unique()}`, keys: { p256dh: 'BAsomething', auth: 'secret' } } }),
  },
  'POST /api/push/subscriptions/remove': { expect: loggedIn(204), request: () => ({ body: { endpoint: 'http://127.0.0.1:9/push/none' } }) },
  'GET /api/admin/statistics': { expect: admins(200), request: () => ({ query: 'year=2027' }) },
  'GET /api/admin/statistics/storage': { expect: admins(200) },
  'GET /api/admin/bookings.csv': { expect: admins(200) },
  'GET /api/admin/backups': { expect: admins(200) },
  // The matrix's house has made no backup yet: a superadmin passes the check and finds none.
  'GET /api/admin/backups/latest': { expect: superadmins(404) },
  'GET /api/users': { expect: admins(200) },
  'POST /api/admin/users': { expect: superadmins(201), request: (f) => ({ body: { name: 'Nuova', email: `nuova${f.unique()}@example.ch` } }) },
  'PATCH /api/admin/users/{id}': { expect: superadmins(200), request: async (f) => ({ params: { id: await f.newMember() }, body: { colour: '#336699' } }) },
  'POST /api/admin/users/{id}/password': { expect: superadmins(200), request: async (f) => ({ params: { id: await f.newMember() } }) },
  'POST /api/admin/users/{id}/voucher': { expect: superadmins(200), request: async (f) => ({ params: { id: await f.newMember() } }) },
  'GET /api/profile/calendar-feed': { expect: loggedIn(200) },
  'POST /api/profile/calendar-feed/renew': { expect: loggedIn(200) },
  // The secret in the URL is the only key: it opens the feed for anyone who has it.
  'GET /api/calendar/{file}': { expect: everyone(200), request: async (f) => ({ params: { file: await f.feedFile() } }) },
  'GET /api/expenses': { expect: loggedIn(200) },
  // A member records only what they paid; the house's own account is for admins.
  'POST /api/expenses': { expect: { ...admins(201) }, request: () => ({ body: { ...expenseBody, paidById: null } }) },
  'PUT /api/expenses/{id}': {
    expect: { ...ownerOnly(200), admin: 200, superadmin: 200 },
    request: async (f) => ({ params: { id: await f.expense() }, body: { ...expenseBody, paidById: f.ownerId } }),
  },
  'DELETE /api/expenses/{id}': { expect: { ...ownerOnly(204), admin: 204, superadmin: 204 }, request: async (f) => ({ params: { id: await f.expense() } }) },
  // Between stays: every member sees and marks supplies and tasks; their author or an admin changes them.
  // (No f.unique() here: it also picks the stays' dates, and the clock follows them to the sessions' end.)
  'GET /api/supplies': { expect: loggedIn(200) },
  'POST /api/supplies': { expect: loggedIn(201), request: () => ({ body: { name: 'Legna' } }) },
  'PUT /api/supplies/{id}': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.supply() }, body: { state: 'low' } }) },
  'POST /api/supplies/{id}/claim': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.supply() } }) },
  'DELETE /api/supplies/{id}/claim': { expect: { ...ownerOnly(200), admin: 200, superadmin: 200 }, request: async (f) => ({ params: { id: await f.supply({ claimed: true }) } }) },
  'GET /api/tasks': { expect: loggedIn(200) },
  'POST /api/tasks': { expect: loggedIn(201), request: () => ({ body: { title: 'Rubinetto', yearly: false, from: '2026-12-01', to: '2026-12-31' } }) },
  'PUT /api/tasks/{id}': {
    expect: { ...ownerOnly(200), admin: 200, superadmin: 200 },
    request: async (f) => ({ params: { id: await f.task() }, body: { title: 'Rubinetto della cucina', yearly: false, from: '2026-12-01', to: '2026-12-31' } }),
  },
  'DELETE /api/tasks/{id}': { expect: { ...ownerOnly(204), admin: 204, superadmin: 204 }, request: async (f) => ({ params: { id: await f.task() } }) },
  'POST /api/tasks/{id}/done': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.task() }, body: { note: 'Fatto' } }) },
  'PUT /api/tasks/{id}/photo': {
    expect: { ...ownerOnly(200), admin: 200, superadmin: 200 },
    request: async (f) => ({ params: { id: await f.task() }, body: f.png, contentType: 'image/png' }),
  },
  'GET /api/tasks/{id}/photo': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.task({ photo: true }) } }) },
  'PUT /api/task-completions/{id}/photo': {
    expect: { ...ownerOnly(200), admin: 200, superadmin: 200 },
    request: async (f) => ({ params: { id: await f.completion() }, body: f.png, contentType: 'image/png' }),
  },
  'GET /api/task-completions/{id}/photo': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.completion() } }) },
  'GET /api/to-know': { expect: loggedIn(200) },
  'PUT /api/expenses/{id}/receipt': {
    expect: { ...ownerOnly(200), admin: 200, superadmin: 200 },
    request: async (f) => ({ params: { id: await f.expense() }, body: f.png, contentType: 'image/png' }),
  },
  'GET /api/expenses/{id}/receipt': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.expense({ receipt: true }) } }) },
  'GET /api/expenses/{id}/receipt/thumbnail': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.expense({ receipt: true }) } }) },
  'GET /api/expenses/{id}/history': { expect: loggedIn(200), request: async (f) => ({ params: { id: await f.expense() } }) },
  'GET /api/expenses.csv': { expect: loggedIn(200) },
  'GET /api/accounts/balances': { expect: loggedIn(200) },
  // Only who owes the house gets a bill; the others owe nothing.
  'GET /api/accounts/balances/qr-bill.svg': {
    expect: { ...loggedIn(409), owner: 200 },
    request: async (f) => {
      await f.contribution();
      return {};
    },
  },
  'POST /api/accounts/settlements': {
    expect: admins(201),
    request: async (f) => {
      await f.contribution();
      return { body: { userId: f.ownerId, kind: 'payment', amountCentimes: 5 } };
    },
  },
  'PUT /api/accounts/budget': { expect: admins(204), request: () => ({ body: { budgetCentimes: 300_000 } }) },
  'PUT /api/accounts/shares': { expect: admins(204), request: (f) => ({ body: { mode: 'equal', shares: [{ userId: f.ownerId }] } }) },
  'GET /api/accounts/{year}': { expect: loggedIn(200), request: () => ({ params: { year: '2027' } }) },
  'GET /api/accounts/{year}/contributions': { expect: loggedIn(200), request: () => ({ params: { year: '2027' } }) },
  'POST /api/accounts/{year}/contributions': {
    expect: admins(200),
    request: async (f) => {
      await f.coOwner();
      return { params: { year: '2027' } };
    },
  },
  'POST /api/contributions/{id}/paid': { expect: admins(200), request: async (f) => ({ params: { id: await f.contribution() } }) },
  'GET /api/contributions/{id}/qr-bill.svg': {
    expect: { ...ownerOnly(200), admin: 200, superadmin: 200 },
    request: async (f) => ({ params: { id: await f.contribution() } }),
  },
  'GET /api/accounts/{year}/statement.pdf': { expect: loggedIn(200), request: () => ({ params: { year: '2027' } }) },
  // Fair booking (docs/fairness.md).
  'PUT /api/house/rules': { expect: admins(200), request: () => ({ body: { noticeDays: 0 } }) },
  'PUT /api/house/rules/quotas/{memberId}': { expect: admins(200), request: (f) => ({ params: { memberId: f.ownerId }, body: { quotaNights: null } }) },
  'GET /api/house/rules/history': { expect: loggedIn(200) },
  'GET /api/peak-periods': { expect: loggedIn(200) },
  'POST /api/peak-periods': { expect: admins(201), request: (f) => ({ body: { name: `Punta ${f.unique()}`, from: '02-01', to: '02-03', year: 2095 } }) },
  'PUT /api/peak-periods/{id}': {
    expect: admins(200),
    request: async (f) => ({ params: { id: await f.peakPeriod() }, body: { name: `Punta ${f.unique()}`, from: '03-01', to: '03-03', year: 2095 } }),
  },
  'DELETE /api/peak-periods/{id}': { expect: admins(204), request: async (f) => ({ params: { id: await f.peakPeriod() } }) },
  'GET /api/booking-requests': { expect: loggedIn(200) },
  'GET /api/bookings/{id}/competing': { expect: admins(200), request: async (f) => ({ params: { id: (await f.request()).id } }) },
  'POST /api/bookings/{id}/approval': {
    expect: admins(200),
    request: async (f) => {
      const { id, start, end } = await f.request();
      return { params: { id }, body: { decision: 'approve', start, end } };
    },
  },
  'GET /api/turns': { expect: loggedIn(200) },
  'GET /api/turns/suggested-order': { expect: admins(200) },
  'POST /api/turns': { expect: admins(201), request: (f) => ({ body: { ...turnDates(f.unique()), order: [f.ownerId], nightsPerTurn: 3, windowHours: 24 } }) },
  // The turn is the owner's: another member may not skip it, an administrator may.
  'POST /api/turns/{id}/skip': {
    expect: { ...admins(200), member: 409, owner: 200, hidden: 409 },
    request: async (f) => ({ params: { id: await f.turnRound() }, body: { memberId: f.ownerId } }),
  },
  'DELETE /api/turns/{id}': { expect: admins(204), request: async (f) => ({ params: { id: await f.turnRound() } }) },
  'GET /api/waitlist': { expect: loggedIn(200) },
  'POST /api/waitlist': {
    expect: loggedIn(201),
    request: async (f) => ({ body: await f.takenStay() }),
  },
  'DELETE /api/waitlist/{id}': { expect: { ...ownerOnly(204), admin: 204, superadmin: 204 }, request: async (f) => ({ params: { id: await f.waitlistEntry() } }) },
  // Holds (issue 43): everyone sees and makes them; the owner confirms; the owner, or an admin saying why, releases.
  'GET /api/holds': { expect: loggedIn(200), request: () => ({ query: 'from=2027-01-01&to=2027-03-01' }) },
  'GET /api/holds/mine': { expect: loggedIn(200) },
  'POST /api/holds': {
    expect: loggedIn(201),
    request: (f) => {
      const { start, end } = stay(f);
      return { body: { start, end } };
    },
  },
  'POST /api/holds/{id}/confirm': { expect: ownerOnly(201), request: async (f) => ({ params: { id: await f.hold() }, body: { purpose: 'personal' } }) },
  'DELETE /api/holds/{id}': { expect: { ...ownerOnly(204), admin: 204, superadmin: 204 }, request: async (f) => ({ params: { id: await f.hold() }, query: 'reason=Lavori' }) },
  // Swaps and stays given (issue 43): only its owner proposes or gives a stay; only the two members see a proposal.
  'GET /api/swaps': { expect: loggedIn(200) },
  'POST /api/swaps': { expect: ownerOnly(201), request: async (f) => ({ body: { bookingId: await f.ownStay(), withBookingId: await f.partnerStay() } }) },
  'POST /api/swaps/{id}/accept': { expect: receiverOnly(200), request: async (f) => ({ params: { id: await f.swap('partner') } }) },
  'POST /api/swaps/{id}/decline': { expect: receiverOnly(200), request: async (f) => ({ params: { id: await f.swap('partner') } }) },
  'DELETE /api/swaps/{id}': { expect: receiverOnly(204), request: async (f) => ({ params: { id: await f.swap('owner') } }) },
  'GET /api/offers': { expect: loggedIn(200) },
  'GET /api/bookings/{id}/first-waiting': { expect: ownerOnly(200), request: async (f) => ({ params: { id: await f.ownStay() } }) },
  'POST /api/bookings/{id}/offer': { expect: ownerOnly(201), request: async (f) => ({ params: { id: await f.ownStay() }, body: { toMemberId: f.partnerId } }) },
  'POST /api/offers/{id}/accept': { expect: receiverOnly(200), request: async (f) => ({ params: { id: await f.offer('partner') } }) },
  'POST /api/offers/{id}/decline': { expect: receiverOnly(200), request: async (f) => ({ params: { id: await f.offer('partner') } }) },
  'DELETE /api/offers/{id}': { expect: receiverOnly(204), request: async (f) => ({ params: { id: await f.offer('owner') } }) },
  'GET /api/members/directory': { expect: loggedIn(200) },
  'GET /api/quota': { expect: loggedIn(200) },
  'GET /api/fairness': { expect: loggedIn(200) },
  'GET /api/notices': { expect: loggedIn(200) },
  'POST /api/notices/read': { expect: loggedIn(200), request: () => ({ body: {} }) },
  // Each member's own reminders that reached them by no channel (issue 41): no one else's is ever named.
  'GET /api/reminders/undelivered': { expect: loggedIn(200) },
  'POST /api/reminders/undelivered/dismiss': { expect: loggedIn(200), request: () => ({ body: {} }) },
  // Passkeys (issue 45). An answer to a challenge the server never handed out is refused for
  // everyone; a sign-in's refusal counts toward the login limit like a wrong password.
  'GET /api/profile/passkeys': { expect: loggedIn(200) },
  'POST /api/profile/passkeys/options': { expect: loggedIn(200) },
  'POST /api/profile/passkeys': { expect: loggedIn(400), request: () => ({ body: { name: 'Telefono', credential: registrationCredential } }) },
  'DELETE /api/profile/passkeys/{id}': { expect: ownerOnly(204), request: async (f) => ({ params: { id: await f.passkey() } }) },
  'POST /api/session/passkey-options': { expect: everyone(200) },
  'POST /api/session/passkey': { expect: everyone(401), request: () => ({ body: { credential: authenticationCredential } }) },
  'POST /api/password-links/passkey-options': { expect: everyone(410), request: () => ({ body: { token: 'no-such-link' } }) },
  'POST /api/password-links/passkey': {
    expect: everyone(410),
    request: () => ({ body: { token: 'no-such-link', name: 'Telefono', credential: registrationCredential } }),
  },
  'DELETE /api/admin/users/{id}/passkeys': { expect: superadmins(200), request: async (f) => ({ params: { id: await f.newMember() } }) },
};

/** A one-day round of turns far after every stay of the matrix. */
export function turnDates(n: number) {
  const day = new Date(Date.UTC(2090, 0, 1 + 2 * n)).toISOString().slice(0, 10);
  return { from: day, to: day };
}

/** The statuses of one row for every viewer, with the defaults filled in. */
export function expectedStatuses(row: Row): Record<Viewer, number> {
  return { ...row.expect, owner: row.expect.owner ?? row.expect.member, otherMember: row.expect.otherMember ?? row.expect.member };
}
