import type { CDPSession, Page } from '@playwright/test';

/** A passkey as Chromium's virtual authenticator holds it (the DevTools protocol's WebAuthn.Credential). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/**
 * The phone's own authenticator, in Chromium: a platform authenticator (transport "internal")
 * that keeps discoverable credentials and verifies its person (fingerprint, face, screen lock)
 * without asking, through the DevTools protocol's WebAuthn domain, attached to one page.
 */
export class VirtualAuthenticator {
  private constructor(
    private readonly cdp: CDPSession,
    private readonly authenticatorId: string,
  ) {}

  static async attach(page: Page): Promise<VirtualAuthenticator> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return new VirtualAuthenticator(cdp, authenticatorId);
  }

  async credentials(): Promise<VirtualCredential[]> {
    return (await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.authenticatorId })).credentials;
  }

  /** Puts a passkey on this authenticator, as a passkey synced from another device arrives. */
  async add(credential: VirtualCredential): Promise<void> {
    await this.cdp.send('WebAuthn.addCredential', { authenticatorId: this.authenticatorId, credential });
  }
}
