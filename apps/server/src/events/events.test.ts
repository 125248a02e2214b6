import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream, startTestApp, type TestApp } from '../test/test-app.ts';

describe('live streams held', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it("counts the caller's own open streams, not other members'", async () => {
    const anna = await t.login('member');
    const bruno = await t.login('member');
    const first = await openEventStream(anna, t.url);
    const second = await openEventStream(anna, t.url);
    const other = await openEventStream(bruno, t.url);
    expect((await anna.get('/api/events/streams')).body).toEqual({ open: 2 });
    expect((await bruno.get('/api/events/streams')).body).toEqual({ open: 1 });

    second.close();
    await expect.poll(async () => (await anna.get('/api/events/streams')).body.open).toBe(1);
    first.close();
    other.close();
    expect((await t.client().get('/api/events/streams')).status).toBe(401);
  });
});
