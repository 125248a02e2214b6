import type { ColumnType, Generated } from 'kysely';
import type {
  BookingStatus,
  ChangeAction,
  Channel,
  EmailPace,
  ExpenseCategory,
  HistorySubject,
  Language,
  NoticeKind,
  NotificationKind,
  PacedKind,
  SwapState,
  PaymentMethod,
  Purpose,
  Role,
  SettlementKind,
  SupplyState,
  UndeliverableReason,
} from '@rustico/core';

/**
 * Table shapes as the application sees them (CamelCasePlugin maps them to
 * snake_case columns). Booleans are stored as 0/1 integers in both dialects.
 */
export interface UsersTable {
  id: string;
  email: string;
  name: string;
  role: Role;
  colour: string;
  hidden: number;
  disabled: number;
  giftUsed: number;
  passwordHash: string | null;
  photo: string | null;
  createdAt: string;
  lastSeenAt: string | null;
  calendarToken: string | null;
  language: Language | null;
  /** +1 on every change (a trigger): an edit names the version it saw (If-Match). */
  version: Generated<number>;
}

export interface SessionsTable {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  userAgent: string | null;
  /** The passkey the session was signed in with; null after a password. */
  passkeyId: string | null;
  /** The language of the browser it is used from (Accept-Language), if the app speaks one of its. */
  language: Language | null;
}

/** A member's passkey (issue 45): the credential's public key and its signature counter. */
export interface PasskeysTable {
  id: string;
  userId: string;
  userHandle: string;
  publicKey: string;
  /** A bigint: PostgreSQL hands it back as text. */
  counter: ColumnType<number | string, number, number>;
  transports: string | null;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'register' | 'invitation' | 'login';
  userId: string | null;
  userHandle: string | null;
  linkId: string | null;
  requester: string;
  createdAt: string;
  expiresAt: string;
}

export interface LoginFailuresTable {
  id: string;
  key: string;
  failedAt: string;
}

export interface SettingsTable {
  key: string;
  value: string;
  /** +1 on every change (a trigger): an edit names the version it saw (If-Match). */
  version: Generated<number>;
}

export interface BookingsTable {
  id: string;
  userId: string;
  startDate: string;
  endDate: string;
  purpose: Purpose;
  costCentimes: number;
  checkedIn: number;
  checkedOut: number;
  paid: number;
  kwhUsed: number | null;
  paymentMethod: PaymentMethod | null;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** An administrator who booked on the owner's behalf; null when the owner booked. */
  createdBy: string | null;
  status: ColumnType<BookingStatus, BookingStatus | undefined, BookingStatus>;
  decision: 'approved' | 'declined' | null;
  decidedAt: string | null;
  /** The administrator who decided (also of a request declined by the approval of another). */
  decidedBy: string | null;
  decisionReason: string | null;
  /** The request approved instead of this one. */
  declinedInFavourOf: string | null;
  overrideReason: string | null;
  overrideBy: string | null;
  overrideAt: string | null;
  /** JSON array of the rules set aside. */
  overrideRules: string | null;
  /** +1 on every change (a trigger): an edit names the version it saw (If-Match). */
  version: Generated<number>;
}

export interface RuleChangesTable {
  id: Generated<number>;
  at: string;
  byId: string | null;
  rule: string;
  memberId: string | null;
  before: string | null;
  after: string | null;
}

export interface PeakPeriodsTable {
  id: string;
  name: string;
  fromDay: string;
  toDay: string;
  year: number | null;
  createdAt: string;
}

export interface TurnRoundsTable {
  id: string;
  fromDate: string;
  toDate: string;
  /** JSON array of member ids. */
  memberOrder: string;
  nightsPerTurn: number;
  windowHours: number;
  openedAt: string;
  openedBy: string | null;
  closedAt: string | null;
}

export interface TurnPassesTable {
  roundId: string;
  position: number;
  at: string;
  reason: 'booked' | 'skipped';
  bookingId: string | null;
}

export interface WaitlistEntriesTable {
  seq: Generated<number>;
  id: string;
  userId: string;
  startDate: string;
  endDate: string;
  createdAt: string;
  notifiedAt: string | null;
}

/** One row, whose version grows with every change a cached list shows (db/unchanged.ts). */
export interface ListsVersionTable {
  id: number;
  version: Generated<number>;
}

export interface NoticesTable {
  id: string;
  key: string;
  userId: string;
  kind: NoticeKind;
  /** JSON: what the notice shows (see Notice in core). */
  payload: string;
  createdAt: string;
  readAt: string | null;
}

export interface MeterReadingsTable {
  id: string;
  bookingId: string;
  userId: string;
  kind: 'checkin' | 'checkout';
  dayKwh: number;
  nightKwh: number;
  totalKwh: number;
  recordedAt: string;
}

/** A token bucket: when it is full again, in milliseconds since 1970 (http/rate-limit-repository.ts). */
export interface RateLimitsTable {
  key: string;
  fullAt: number;
}

export interface MeterReadingCorrectionsTable {
  id: string;
  readingId: string;
  previousDayKwh: number;
  previousNightKwh: number;
  dayKwh: number;
  nightKwh: number;
  correctedBy: string;
  correctedAt: string;
}

export interface NotesTable {
  id: string;
  userId: string;
  text: string;
  eventKind: 'checkin' | 'checkout' | null;
  eventDate: string | null;
  bookingId: string | null;
  createdAt: string;
  /** +1 on every change (a trigger): an edit names the version it saw (If-Match). */
  version: Generated<number>;
}

export interface NoteReactionsTable {
  noteId: string;
  userId: string;
  createdAt: string;
}

export interface PushSubscriptionsTable {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  createdAt: string;
}

export interface NotificationChoicesTable {
  userId: string;
  kind: NotificationKind;
  channel: Channel;
  /** bookings and notes: how their emails come; null is the default (the daily summary). */
  emailPace: EmailPace | null;
}

/** A message about another's booking or note, waiting to be merged with others and sent. */
export interface PendingNoticesTable {
  id: string;
  userId: string;
  channel: 'push' | 'email';
  kind: PacedKind;
  subjectId: string;
  action: 'created' | 'updated' | 'deleted';
  details: string;
  createdAt: string;
  dueAt: string;
  summary: number;
}

export interface DeliveriesTable {
  key: string;
  userId: string;
  /** What to send, as JSON; rendered when it is sent. */
  job: string;
  /**
   * sending (claimed), retry (an email failed: tried again at nextAttemptAt), sent (a channel
   * accepted it), failed (the email given up), skipped (no longer due or wanted), undeliverable
   * (no channel reached the member: see reason; tried again at nextAttemptAt while that is set).
   */
  status: 'sending' | 'retry' | 'sent' | 'failed' | 'skipped' | 'undeliverable';
  attempts: number;
  claimedAt: string;
  nextAttemptAt: string | null;
  /** When a channel first accepted it: a push can be accepted while the email is still tried again. */
  sentAt: string | null;
  lastError: string | null;
  /** Why no channel reached the member (undeliverable). */
  reason: UndeliverableReason | null;
  /** When the member dismissed it in the app (an undeliverable reminder). */
  dismissedAt: string | null;
  createdAt: string;
}

export interface PasswordLinksTable {
  id: string;
  userId: string;
  purpose: 'reset' | 'invitation';
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

export interface ExpensesTable {
  id: string;
  date: string;
  amountCentimes: number;
  category: ExpenseCategory;
  description: string;
  paidById: string | null;
  recurring: number;
  verified: number;
  authorId: string;
  receiptKind: 'image' | 'pdf' | null;
  receiptKey: string | null;
  createdAt: string;
  updatedAt: string;
  /** +1 on every change (a trigger): an edit names the version it saw (If-Match). */
  version: Generated<number>;
}

/** Every change of the house (history/): the fields that changed, as JSON `{ name: { from, to } }`. */
export interface ChangesTable {
  seq: Generated<number>;
  at: string;
  byId: string | null;
  subject: HistorySubject;
  subjectId: string;
  /** Whose thing it is: a booking's owner, an expense's author, the member themself. */
  ownerId: string | null;
  action: ChangeAction;
  label: string;
  fields: string;
}

export interface SettlementsTable {
  id: string;
  userId: string;
  kind: SettlementKind;
  amountCentimes: number;
  recordedById: string;
  createdAt: string;
}

export interface ContributionsTable {
  id: string;
  year: number;
  userId: string;
  amountCentimes: number;
  paid: number;
  paidAt: string | null;
  createdAt: string;
}

export interface IdempotencyKeysTable {
  userId: string;
  key: string;
  requestHash: string;
  claimedAt: string;
  /** Null while the first request is still running. */
  responseStatus: number | null;
  responseType: string | null;
  responseBody: string | null;
  /** When the request's write committed (in its transaction), whether or not it answered. */
  appliedAt: string | null;
  /** The first record that write created. */
  createdId: string | null;
}

/** Uploaded files (storage/): the bytes are a BLOB on SQLite and bytea on PostgreSQL. */
export interface FilesTable {
  key: string;
  contentType: string;
  bytes: Buffer;
  size: number;
  createdAt: string;
  /** Whose upload it is (their storage budget counts it); null for the house's own files. */
  ownerId: string | null;
}

/** One day's backup (issue 44): claimed by the row's insert, then ok or failed. */
export interface BackupsTable {
  day: string;
  status: 'running' | 'ok' | 'failed';
  claimedAt: string;
  finishedAt: string | null;
  file: string | null;
  bytes: number | null;
  error: string | null;
}

/** Between stays (issue 42): a supply of the house and who brings it. */
export interface SuppliesTable {
  id: string;
  name: string;
  state: SupplyState;
  claimedById: string | null;
  claimedAt: string | null;
  authorId: string;
  archived: number;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

/** A piece of work: one-off, or yearly (its window moves a year on once done). */
export interface TasksTable {
  id: string;
  title: string;
  note: string | null;
  yearly: number;
  fromDate: string;
  toDate: string;
  assigneeId: string | null;
  authorId: string;
  photoKey: string | null;
  doneAt: string | null;
  bookingId: string | null;
  createdAt: string;
  updatedAt: string;
  version: Generated<number>;
}

export interface TaskCompletionsTable {
  id: string;
  taskId: string;
  byId: string | null;
  at: string;
  note: string | null;
  photoKey: string | null;
  windowFrom: string;
  windowTo: string;
}

/** «Per chi arriva»: what a guest left for the next one at check-out. */
export interface HandoversTable {
  id: string;
  bookingId: string;
  userId: string;
  note: string | null;
  /** The stay's departure. */
  date: string;
  createdAt: string;
}

/** A hold («opzione») on free nights: live until it ends (confirmed, released, expired) or its moment passes. */
export interface HoldsTable {
  id: string;
  userId: string;
  startDate: string;
  endDate: string;
  createdAt: string;
  expiresAt: string;
  endedAt: string | null;
  endKind: 'confirmed' | 'released' | 'expired' | null;
  endedBy: string | null;
  endReason: string | null;
  bookingId: string | null;
  remindedAt: string | null;
}

export interface SwapsTable {
  id: string;
  /** 'swap': two bookings change owner; 'offer': one booking goes to another member. */
  kind: 'swap' | 'offer';
  state: ColumnType<SwapState, SwapState | undefined, SwapState>;
  fromId: string;
  toId: string;
  /** Null once the booking was deleted. */
  bookingId: string | null;
  bookingVersion: number;
  bookingStart: string;
  bookingEnd: string;
  withBookingId: string | null;
  withBookingVersion: number | null;
  withStart: string | null;
  withEnd: string | null;
  viaWaitlist: number;
  expiresOn: string;
  createdAt: string;
  decidedAt: string | null;
}

export interface Database {
  holds: HoldsTable;
  backups: BackupsTable;
  supplies: SuppliesTable;
  tasks: TasksTable;
  taskCompletions: TaskCompletionsTable;
  handovers: HandoversTable;
  notificationChoices: NotificationChoicesTable;
  deliveries: DeliveriesTable;
  pendingNotices: PendingNoticesTable;
  passwordLinks: PasswordLinksTable;
  files: FilesTable;
  expenses: ExpensesTable;
  changes: ChangesTable;
  settlements: SettlementsTable;
  contributions: ContributionsTable;
  pushSubscriptions: PushSubscriptionsTable;
  bookings: BookingsTable;
  meterReadings: MeterReadingsTable;
  meterReadingCorrections: MeterReadingCorrectionsTable;
  rateLimits: RateLimitsTable;
  notes: NotesTable;
  noteReactions: NoteReactionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  passkeys: PasskeysTable;
  passkeyChallenges: PasskeyChallengesTable;
  loginFailures: LoginFailuresTable;
  settings: SettingsTable;
  idempotencyKeys: IdempotencyKeysTable;
  ruleChanges: RuleChangesTable;
  peakPeriods: PeakPeriodsTable;
  turnRounds: TurnRoundsTable;
  turnPasses: TurnPassesTable;
  waitlistEntries: WaitlistEntriesTable;
  notices: NoticesTable;
  listsVersion: ListsVersionTable;
  swaps: SwapsTable;
}
