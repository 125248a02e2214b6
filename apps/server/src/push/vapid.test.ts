import { createECDH } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { generateVapidKeys } from './vapid.ts';

describe('generateVapidKeys', () => {
  it('makes pairs web-push signs with, the public key belonging to the private one', () => {
    for (let i = 0; i < 200; i++) {
      const keys = generateVapidKeys();
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      const curve = createECDH('prime256v1');
      curve.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
      expect(curve.getPublicKey('base64url')).toBe(keys.publicKey);
      const headers = webpush.getVapidHeaders('https://push.example', 'mailto:rustico@example.ch', keys.publicKey, keys.privateKey, 'aes128gcm');
      expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
    }
  });
});
