import { z } from 'zod';
import { PASSKEY_NAME_MAX } from '../passkeys.ts';
import { freeTextSchema } from './text.ts';

/**
 * Passkeys (issue 45). The options the server hands the browser and the credentials it gets
 * back are WebAuthn's JSON forms (what @simplewebauthn reads and writes): binary values as
 * base64url text.
 */
const base64url = (max: number) => z.string().max(max).regex(/^[\w-]*$/, 'VALIDATION');
const transportsSchema = z.array(z.string().max(32)).max(10);
const credentialDescriptorSchema = z.object({ id: base64url(1400), type: z.string(), transports: transportsSchema.optional() });

/** What the browser needs to make a passkey (navigator.credentials.create). */
export const passkeyCreationOptionsSchema = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptorSchema).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
});
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** What the browser needs to sign in with a passkey (navigator.credentials.get), any of the house's. */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  timeout: z.number().optional(),
  allowCredentials: z.array(credentialDescriptorSchema).optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
});
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

const clientExtensionResultsSchema = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() });

/** A new passkey as the browser made it: its id, public key and the authenticator's attestation. */
export const registrationCredentialSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    authenticatorData: base64url(20_000).optional(),
    transports: transportsSchema.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema.default({}),
});
export type RegistrationCredential = z.infer<typeof registrationCredentialSchema>;

/** A passkey's answer to a sign-in: the challenge signed by the authenticator. */
export const authenticationCredentialSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(20_000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema.default({}),
});
export type AuthenticationCredential = z.infer<typeof authenticationCredentialSchema>;

/** «iPhone di Rosa»: how the member tells their passkeys apart. */
export const passkeyNameSchema = freeTextSchema({ max: PASSKEY_NAME_MAX, emptyCode: 'PASSKEY_NAME_REQUIRED' });

export const newPasskeySchema = z.object({ name: passkeyNameSchema, credential: registrationCredentialSchema });
export type NewPasskey = z.infer<typeof newPasskeySchema>;

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** The session asking signed in with this passkey: removing it logs this device out too. */
  current: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

export const passkeySignInSchema = z.object({ credential: authenticationCredentialSchema });

/** An invitation's link, to make a passkey instead of choosing a password. */
export const invitationPasskeyOptionsRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const invitationPasskeySchema = newPasskeySchema.extend({ token: z.string().min(1).max(200) });
