import { describe, expect, it } from 'vitest';
import { isAllowedAddress, publicOnlyLookup } from './endpoint.ts';

describe('push endpoint addresses', () => {
  it('tells public addresses from this machine, private networks and metadata services', () => {
    for (const address of ['8.8.8.8', '142.250.180.10', '2a00:1450:4002:402::200a']) expect(isAllowedAddress(address, false), address).toBe(true);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '169.254.169.254', '10.0.0.8', '172.31.255.1', '192.168.0.10', 'fd12::1', 'fe80::1', '0.0.0.0', '::', '255.255.255.255']) {
      expect(isAllowedAddress(address, false), address).toBe(false);
    }
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true);
    expect(isAllowedAddress('10.0.0.8', true)).toBe(false);
  });

  it('refuses, at delivery, a name that resolves to this machine', async () => {
    const lookup = publicOnlyLookup(false);
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(error?.message).toMatch(/internal address/);
    const allowed = await new Promise<string>((resolve) => publicOnlyLookup(true)('localhost', {}, (_e, address) => resolve(address as string)));
    expect(['127.0.0.1', '::1']).toContain(allowed);
  });
});
