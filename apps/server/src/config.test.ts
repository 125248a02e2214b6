import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('settings from the environment', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, emailDomain: null, houseTimeZone: 'Europe/Zurich', sessionDays: 180, databaseUrl: undefined });
    expect(config.storage).toEqual({ perMemberBytes: 200 * 1024 * 1024, perHouseBytes: 2048 * 1024 * 1024 });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('names the setting that is wrong', () => {
    const cases: Record<string, string> = {
      PORT: 'eighty',
      EMAIL_DOMAIN: '@famiglia.ch',
      HOUSE_TIME_ZONE: 'Europe/Corzoneso',
      DATABASE_URL: 'mysql://localhost/rustico',
      TRUST_PROXY: 'maybe',
      SMTP_URL: 'mail.example.ch:465',
      REMINDERS_EVERY_MINUTES: '0',
      PASSWORD_HASH_MEMORY_KIB: '4',
      PASSWORD_HASH_ITERATIONS: 'two',
      // Less than one receipt of 10 MB.
      STORAGE_PER_MEMBER_MB: '5',
      STORAGE_PER_HOUSE_MB: 'lots',
    };
    for (const [name, value] of Object.entries(cases)) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`${name}:`));
    }
  });

  it('turns email on with SMTP_URL, sending as MAIL_FROM or as the house', () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.ch:465' }).mail).toEqual({ smtpUrl: 'smtps://u:p@mail.example.ch:465', from: 'Rustico Corzoneso <rustico@localhost>' });
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.ch', MAIL_FROM: 'Casa <casa@example.ch>' }).mail?.from).toBe('Casa <casa@example.ch>');
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ EMAIL_DOMAIN: '', PORT: '' })).toMatchObject({ emailDomain: null, port: 8080 });
  });
});
