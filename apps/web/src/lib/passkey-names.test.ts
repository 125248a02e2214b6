import { describe, expect, it } from 'vitest';
import { deviceKindOf } from './passkey-names.ts';

describe('the device a new passkey is named after', () => {
  it('reads the kind of device from what browsers say of themselves', () => {
    const cases: [string, number, ReturnType<typeof deviceKindOf>][] = [
      ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Mobile/15E148 Safari/604.1', 5, 'iphone'],
      // iPadOS asks for the desktop page: a Mac with a touch screen.
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15', 5, 'ipad'],
      ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.2 Safari/605.1.15', 0, 'mac'],
      ['Mozilla/5.0 (Linux; Android 15; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36', 5, 'android'],
      ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 0, 'windows'],
      ['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 0, 'chromebook'],
      ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 0, 'linux'],
      ['curl/8.5.0', 0, 'other'],
    ];
    for (const [userAgent, touchPoints, kind] of cases) expect(deviceKindOf(userAgent, touchPoints), userAgent).toBe(kind);
  });
});
