import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

// http_ece is web-push's own encryption library; the test uses it the other way round, as a browser would.
export const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt: (buffer: Buffer, params: { version: string; privateKey: ReturnType<typeof createECDH>; authSecret: string }) => Buffer;
};

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on loopback: records every request, answers with the status it is told. */
export function fakePushService() {
  const received: Received[] = [];
  const state = { status: 201 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(state.status).end();
    });
  });
  return {
    received,
    state,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** What a browser's PushManager.subscribe() produces: an endpoint and the keys to encrypt for it. */
export function browserSubscription(base: string, name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    ecdh,
    auth,
    json: { endpoint: `${base}/push/${name}`, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
  };
}

/** The notification a device received, decrypted as its browser would. */
export function decryptPush(body: Buffer, device: ReturnType<typeof browserSubscription>): unknown {
  return JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8'));
}
