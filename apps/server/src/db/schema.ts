import type { Purpose, Role } from '@rustico/core';

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
  createdAt: string;
  updatedAt: string;
}

export interface Database {
  bookings: BookingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  loginFailures: LoginFailuresTable;
  settings: SettingsTable;
}
