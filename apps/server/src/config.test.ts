import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('settings from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, emailDomain: null, houseTimeZone: 'Europe/Zurich', sessionDays: 180, databaseUrl: undefined });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names the setting that is wrong', () => {
    const cases: Record<string, string> = {
      PORT: 'eighty',
      EMAIL_DOMAIN: '@famiglia.ch',
      HOUSE_TIME_ZONE: 'Europe/Corzoneso',
      DATABASE_URL: 'mysql://localhost/rustico',
      TRUST_PROXY: 'maybe',
    };
    for (const [name, value] of Object.entries(cases)) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`${name}:`));
    }
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ EMAIL_DOMAIN: '', PORT: '' })).toMatchObject({ emailDomain: null, port: 8080 });
  });
});
