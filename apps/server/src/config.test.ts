import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, relyingPartyOf, settingsWithFile } from './config.ts';

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
      // Too short to keep the house's figures to itself, or with a space a header cannot carry.
      METRICS_TOKEN: 'secret',
      BACKUP_HOUR: '24',
    };
    for (const [name, value] of Object.entries(cases)) {
      expect(() => loadConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(`${name}:`));
    }
  });

  it('serves metrics only with a token, and backs up at 03:00 into the data folder unless told otherwise', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'with a space 1234567' })).toThrow(/METRICS_TOKEN: must be at least 16 printable characters/);
    expect(loadConfig({ DATA_DIR: '/srv/rustico' }).backups).toEqual({ hour: 3, dir: '/srv/rustico/backups' });
    expect(loadConfig({ DATA_DIR: '/srv/rustico', BACKUP_HOUR: '22', BACKUP_DIR: '/mnt/usb/rustico' }).backups).toEqual({ hour: 22, dir: '/mnt/usb/rustico' });
    expect(() => loadConfig({ BACKUP_HOUR: '-1' })).toThrow(/BACKUP_HOUR: must be an hour from 0 to 23/);
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

describe("the data folder's .env", () => {
  const folderWith = (text: string | null) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rustico-env-'));
    if (text !== null) fs.writeFileSync(path.join(dir, '.env'), text);
    return dir;
  };

  it('gives the settings the environment leaves unset; a set variable wins', () => {
    const dir = folderWith('# the house\nPUBLIC_URL=https://casa.example\nSMTP_URL="smtp://mail.example.ch:587"\nHOUSE_NAME=Casa nel file\nPORT=9090\n');
    try {
      const config = loadConfig(settingsWithFile({ DATA_DIR: dir, HOUSE_NAME: 'Rustico', PORT: '' }));
      expect(config).toMatchObject({ dataDir: dir, publicUrl: 'https://casa.example', houseName: 'Rustico', port: 9090 });
      expect(config.mail?.smtpUrl).toBe('smtp://mail.example.ch:587');
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('is optional, may not move the data folder, and its bad values are named as any', () => {
    const none = folderWith(null);
    const moving = folderWith('DATA_DIR=/elsewhere\n');
    const bad = folderWith('PUBLIC_URL=casa.example\n');
    try {
      expect(loadConfig(settingsWithFile({ DATA_DIR: none })).publicUrl).toBeUndefined();
      expect(() => settingsWithFile({ DATA_DIR: moving })).toThrow(/DATA_DIR cannot be set in the data folder's own file/);
      expect(() => loadConfig(settingsWithFile({ DATA_DIR: bad }))).toThrow(/PUBLIC_URL:/);
    } finally {
      for (const dir of [none, moving, bad]) fs.rmSync(dir, { recursive: true });
    }
  });
});

describe('the relying party of passkeys (PUBLIC_URL)', () => {
  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,20}[a-z0-9])?$/);
  const domain = fc.array(label, { minLength: 1, maxLength: 4 }).map((labels) => [...labels, 'ch'].join('.'));
  const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined });
  const withPort = (host: string, p: number | undefined) => (p === undefined ? host : `${host}:${p}`);

  it('is the domain of an HTTPS address, with the origin its pages come from', () => {
    fc.assert(
      fc.property(domain, port, fc.constantFrom('', '/', '/rustico/'), (host, p, path) => {
        const url = `https://${withPort(host, p)}${path}`;
        expect(relyingPartyOf(url)).toEqual({ id: host, origin: new URL(url).origin });
      }),
    );
  });

  it('is none for an IP address, which no browser takes as one', () => {
    const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join('.'));
    fc.assert(
      fc.property(fc.oneof(ipv4, fc.ipV6().map((ip) => `[${ip}]`)), fc.constantFrom('http', 'https'), port, (host, scheme, p) => {
        expect(relyingPartyOf(`${scheme}://${withPort(host, p)}`)).toBeNull();
      }),
    );
  });

  it('is none over plain HTTP, except on the machine itself (localhost)', () => {
    fc.assert(
      fc.property(domain, port, (host, p) => {
        expect(relyingPartyOf(`http://${withPort(host, p)}`)).toBeNull();
      }),
    );
    expect(relyingPartyOf('http://localhost:8080')).toEqual({ id: 'localhost', origin: 'http://localhost:8080' });
    expect(relyingPartyOf('http://rustico.localhost')).toEqual({ id: 'rustico.localhost', origin: 'http://rustico.localhost' });
    for (const value of ['', 'rustico.example.ch', 'ftp://rustico.example.ch', 'https://rustico.example.ch.']) expect(relyingPartyOf(value)).toBeNull();
  });

  it('comes from PUBLIC_URL, else the local address of PORT', () => {
    expect(loadConfig({}).relyingParty).toEqual({ id: 'localhost', origin: 'http://localhost:8080' });
    expect(loadConfig({ PUBLIC_URL: 'https://rustico.example.ch/' }).relyingParty).toEqual({ id: 'rustico.example.ch', origin: 'https://rustico.example.ch' });
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.20:8080' }).relyingParty).toBeNull();
  });
});
