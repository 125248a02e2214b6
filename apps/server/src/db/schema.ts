import type { PaymentMethod, Purpose, Role } from '@rustico/core';

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
}

export interface SessionsTable {
  id: string;
  userId: string;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string;
  userAgent: string | null;
}

export interface LoginFailuresTable {
  id: string;
  key: string;
  failedAt: string;
}

export interface SettingsTable {
  key: string;
  value: string;
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

export interface NotesTable {
  id: string;
  userId: string;
  text: string;
  eventKind: 'checkin' | 'checkout' | null;
  eventDate: string | null;
  bookingId: string | null;
  createdAt: string;
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

export interface Database {
  pushSubscriptions: PushSubscriptionsTable;
  bookings: BookingsTable;
  meterReadings: MeterReadingsTable;
  notes: NotesTable;
  noteReactions: NoteReactionsTable;
  users: UsersTable;
  sessions: SessionsTable;
  loginFailures: LoginFailuresTable;
  settings: SettingsTable;
}
