import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { AuthenticationCredential, PasskeyCreationOptions, PasskeyRequestOptions, RegistrationCredential } from '@rustico/core';
import { cbor, es256PublicKey, type Cbor } from '../passkeys/cose.ts';

/**
 * A passkey authenticator in software, for the API tests: what a phone's authenticator and the
 * browser together answer to navigator.credentials.create() and .get(). ES256 (a P-256 key),
 * attestation "none", discoverable credentials; the flags (user present, user verified) and the
 * signature counter are the test's to choose.
 */

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  /** The public key as COSE (what the relying party stores). */
  cosePublicKey: Buffer;
  rpId: string;
  userHandle: string;
  counter: number;
}

export interface Ceremony {
  /** The page's origin as the browser reports it. */
  origin?: string;
  /** Whether the person was verified on the device (fingerprint, face, screen lock). */
  userVerified?: boolean;
  /** The signature counter to report instead of the next one (a copy of the authenticator). */
  counter?: number;
}

export class SoftwareAuthenticator {
  private readonly credentials: StoredCredential[] = [];

  /** `countsSignatures`: a security key's counter that goes up with every use; synced passkeys report 0. */
  constructor(
    private readonly origin: string,
    private readonly countsSignatures = true,
  ) {}

  /** A second authenticator holding copies of this one's keys and counters, as a cloned device would. */
  clone(): SoftwareAuthenticator {
    const copy = new SoftwareAuthenticator(this.origin, this.countsSignatures);
    copy.credentials.push(...this.credentials.map((credential) => ({ ...credential })));
    return copy;
  }

  /** navigator.credentials.create(): a new discoverable credential for the options' user. */
  create(options: PasskeyCreationOptions, ceremony: Ceremony = {}): RegistrationCredential {
    const rpId = options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const cosePublicKey = es256PublicKey(publicKey);
    const credential: StoredCredential = { id: randomBytes(16), privateKey, cosePublicKey, rpId, userHandle: options.user.id, counter: 0 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const attestedData = Buffer.concat([Buffer.alloc(16), idLength, credential.id, cosePublicKey]);
    const authData = this.authenticatorData(rpId, FLAG_ATTESTED_DATA | this.flags(ceremony), credential.counter, attestedData);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, ceremony);
    const attestationObject = cbor(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /** navigator.credentials.get(): signs the challenge with this authenticator's (latest) credential for the relying party. */
  get(options: PasskeyRequestOptions, ceremony: Ceremony = {}): AuthenticationCredential {
    const credential = this.credentials.findLast((stored) => stored.rpId === options.rpId);
    if (!credential) throw new Error(`no credential for ${options.rpId}`);
    if (this.countsSignatures) credential.counter += 1;
    const authData = this.authenticatorData(credential.rpId, this.flags(ceremony), ceremony.counter ?? credential.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    const id = credential.id.toString('base64url');
    return {
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  private flags(ceremony: Ceremony): number {
    return FLAG_USER_PRESENT | (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED);
  }

  private authenticatorData(rpId: string, flags: number, counter: number, attestedData = Buffer.alloc(0)): Buffer {
    const signCount = Buffer.alloc(4);
    signCount.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), signCount, attestedData]);
  }

  private clientData(type: string, challenge: string, ceremony: Ceremony): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: ceremony.origin ?? this.origin, crossOrigin: false }));
  }
}
