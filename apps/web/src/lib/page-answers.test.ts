import { afterEach, describe, expect, it, vi } from 'vitest';

/** The page the server sent, with these answers in its script element. */
async function pageWith(answers: Record<string, unknown> | null) {
  vi.resetModules();
  const script = answers ? { textContent: JSON.stringify(answers) } : null;
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'rustico-answers' ? script : null) });
  return import('./page-answers.ts');
}

describe("the answers in the server's page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('are each taken once, by their address with its parameters', async () => {
    const { takePageAnswer } = await pageWith({ '/api/turns': { rounds: [] }, '/api/quota?year=2026&memberId=m1': { quota: { nights: 3 } } });
    expect(takePageAnswer('/api/quota?year=2027&memberId=m1')).toBeUndefined();
    expect(takePageAnswer('/api/quota?year=2026&memberId=m1')).toEqual({ quota: { nights: 3 } });
    expect(takePageAnswer('/api/quota?year=2026&memberId=m1')).toBeUndefined();
    expect(takePageAnswer('/api/turns')).toEqual({ rounds: [] });
  });

  it('are not taken once the page is older than a first render (the screen asks again)', async () => {
    const { takePageAnswer } = await pageWith({ '/api/turns': { rounds: [] } });
    vi.spyOn(performance, 'now').mockReturnValue(10_001);
    expect(takePageAnswer('/api/turns')).toBeUndefined();
  });

  it('are none in a page without them (a visitor, or the offline copy of the page)', async () => {
    const { takePageAnswer } = await pageWith(null);
    expect(takePageAnswer('/api/session')).toBeUndefined();
  });
});
