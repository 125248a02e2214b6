import { endSessionsOf } from './auth/service.ts';
import { retirePasswordLinks } from './password-links/service.ts';
import { whenCredentialsRevoked } from './users/service.ts';

/**
 * Hands the features' parts to the mechanisms that serve them all and import none of them,
 * as a job queue receives its handlers. createContext calls it, so the server, the command
 * line and the tests are wired alike; registering twice changes nothing.
 */
export function registerParts(): void {
  // What ends with a member's password or access: their sessions and their links to choose one.
  whenCredentialsRevoked(endSessionsOf);
  whenCredentialsRevoked(retirePasswordLinks);
}
