import { createECDH, randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, request as playwrightRequest, type Locator, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, EMAIL_DOMAIN, demo, emailOf } from '../support/demo.ts';

/** A member of my own, so tests that change a person do not disturb the demo people other tests use. */
export interface TestMember {
  id: string;
  name: string;
  email: string;
  password: string;
}

/** Marco (superadmin) adds a member through the API; the answer carries the one-time password. */
export async function createMember(testInfo: TestInfo, label: string): Promise<TestMember> {
  const api = await playwrightRequest.newContext({ baseURL: testInfo.project.use.baseURL! });
  try {
    const login = await api.post('/api/session', { data: { email: emailOf(demo.superadmin), password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    const suffix = randomBytes(4).toString('hex');
    const email = `imp-${testInfo.project.name}-${suffix}@${EMAIL_DOMAIN}`;
    const name = `${label} ${suffix}`;
    const response = await api.post('/api/admin/users', { data: { name, email, role: 'member' } });
    expect(response.status(), await response.text()).toBe(201);
    const body = (await response.json()) as { user: { id: string }; password: string };
    return { id: body.user.id, name, email, password: body.password };
  } finally {
    await api.dispose();
  }
}

/** Logs the page's browser context in as `member`. */
export async function loginAsMember(page: Page, member: TestMember): Promise<void> {
  const response = await page.context().request.post('/api/session', { data: { email: member.email, password: member.password } });
  expect(response.status()).toBe(200);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A small real PNG (a diagonal gradient), made on the spot. */
export function makePng(size = 48, rgb: readonly [number, number, number] = [164, 74, 38]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const shade = (x + y) / (2 * size);
      row[1 + x * 3] = Math.round(rgb[0] * (1 - shade) + 255 * shade);
      row[2 + x * 3] = Math.round(rgb[1] * (1 - shade) + 200 * shade);
      row[3 + x * 3] = Math.round(rgb[2] * (1 - shade) + 120 * shade);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What a browser's push service would hand out: an endpoint and real-looking keys. */
export function fakeSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.test/${randomBytes(12).toString('hex')}`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

export type FakeSubscription = ReturnType<typeof fakeSubscription>;

/**
 * Headless Chromium has no push service (and no network here): the page's
 * PushManager hands out `subscription` instead; whether this device is
 * subscribed survives reloads in localStorage, as a real subscription would.
 */
export async function stubPushService(page: Page, subscription: FakeSubscription): Promise<void> {
  await page.addInitScript((json: FakeSubscription) => {
    const KEY = 'e2e.pushSubscribed';
    const fake = {
      endpoint: json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => json,
      unsubscribe: () => {
        localStorage.removeItem(KEY);
        return Promise.resolve(true);
      },
    } as unknown as PushSubscription;
    PushManager.prototype.subscribe = function subscribe() {
      localStorage.setItem(KEY, '1');
      return Promise.resolve(fake);
    };
    PushManager.prototype.getSubscription = function getSubscription() {
      return Promise.resolve(localStorage.getItem(KEY) ? fake : null);
    };
  }, subscription);
}

/** /app/impostazioni. */
export class SettingsScreen {
  readonly heading: Locator;
  readonly profile: Locator;
  readonly gift: Locator;
  readonly myBookings: Locator;
  readonly pushSwitch: Locator;
  readonly duration: Locator;
  readonly language: Locator;
  readonly clearCache: Locator;
  /** The region of toasts and snackbars; it is drawn once the browser is idle after the first paint (ui/toast.tsx). */
  readonly messages: Locator;
  readonly share: Locator;
  readonly checkUpdates: Locator;
  readonly logout: Locator;
  readonly calendarFeed: Locator;
  readonly admin: Locator;
  readonly dialog: Locator;

  /** The row of a kind of message: 'Prenotazioni degli altri', 'Nuove note', 'Promemoria'. */
  channel(kind: string): Locator {
    return this.page.getByRole('main').getByRole('button', { name: new RegExp(`^${kind}`) });
  }

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = page.getByRole('heading', { level: 1 });
    this.profile = main.getByRole('link', { name: /^Profilo/ });
    this.gift = main.getByRole('listitem').filter({ hasText: 'Buono weekend' });
    this.myBookings = main.getByRole('link', { name: 'Le mie prenotazioni' });
    this.pushSwitch = main.getByRole('switch', { name: 'Notifiche push' });
    this.duration = main.getByRole('button', { name: /^Durata delle notifiche interne/ });
    this.language = main.getByRole('button', { name: /^(Lingua|Sprache|Language|Langue)/ });
    this.clearCache = main.getByRole('button', { name: /^Svuota cache/ });
    // includeHidden: while a modal dialog is open the rest of the page is aria-hidden (Radix announces toasts separately).
    this.messages = page.getByRole('region', { name: /^Notifiche \(/, includeHidden: true });
    this.share = main.getByRole('button', { name: /^Condividi/ });
    this.checkUpdates = main.getByRole('button', { name: /^Cerca aggiornamenti/ });
    this.logout = main.getByRole('button', { name: 'Logout' });
    this.calendarFeed = main.getByRole('button', { name: /^Calendario sul telefono/ });
    this.admin = main.getByRole('region', { name: 'Amministrazione' });
    this.dialog = page.getByRole('dialog');
  }

  async goto() {
    await this.page.goto('/app/impostazioni');
    await expect(this.heading).toHaveText('Impostazioni');
  }

  /** A toast or snackbar with this text. */
  toast(text: string | RegExp): Locator {
    return this.messages.getByRole('listitem', { includeHidden: true }).filter({ hasText: text });
  }
}

/** /app/impostazioni/profilo. */
export class ProfileScreen {
  readonly photo: Locator;
  readonly fileInput: Locator;
  /** Why the last file chosen was not taken. */
  readonly photoError: Locator;
  readonly photoHint: Locator;
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly save: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.photo = main.getByRole('button', { name: 'Cambia foto' });
    this.fileInput = main.locator('input[type="file"]');
    this.photoError = main.getByRole('alert').filter({ hasText: 'Resta la foto attuale' });
    this.photoHint = this.photo.locator('xpath=following-sibling::p[1]');
    this.name = main.getByLabel('Nome utente');
    this.email = main.getByLabel('Email');
    this.password = main.getByRole('link', { name: 'Cambia password' });
    this.save = main.getByRole('button', { name: 'Salva' });
  }

  async goto() {
    await this.page.goto('/app/impostazioni/profilo');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Profilo' })).toBeVisible();
  }
}
