import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendEntry } from './flush.ts';

const entry = { key: 'k1', method: 'POST' as const, path: '/notes', body: { text: 'Legna finita' } };
const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
const refusal = (code: string) => ({ error: { code, message: code } });

describe('sending an outbox entry', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('counts a write the server says was saved already as sent, so it leaves the outbox', async () => {
    vi.stubGlobal('fetch', answer(409, refusal('IDEMPOTENCY_APPLIED')));
    expect(await sendEntry(entry)).toEqual({ kind: 'sent', body: null });
  });

  it('keeps a write whose first send is still running, to send again later', async () => {
    vi.stubGlobal('fetch', answer(409, refusal('IDEMPOTENCY_IN_PROGRESS')));
    expect(await sendEntry(entry)).toEqual({ kind: 'unreachable' });
  });

  it('keeps other refusals on the entry', async () => {
    vi.stubGlobal('fetch', answer(409, refusal('STEP_DONE')));
    expect(await sendEntry(entry)).toEqual({ kind: 'refused', refusal: { status: 409, code: 'STEP_DONE', message: 'STEP_DONE' } });
  });
});
