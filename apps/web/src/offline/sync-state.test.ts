import { describe, expect, it } from 'vitest';
import { justSynced, outboxCounts } from './sync-state.ts';
import type { OutboxEntry } from './outbox-store.ts';

const entry = (key: string, refused = false) => ({ key, refusal: refused ? { status: 409, code: 'STEP_DONE' } : null }) as unknown as OutboxEntry;

describe('Sincronizzato', () => {
  it('counts waiting and refused writes apart', () => {
    expect(outboxCounts([entry('a'), entry('b', true), entry('c')])).toEqual({ waiting: 2, refused: 1 });
  });

  it('shows when the last waiting write went out, whoever sent it', () => {
    expect(justSynced({ waiting: 2, refused: 0 }, { waiting: 0, refused: 0 })).toBe(true);
    // A refusal already on screen does not hide that the others went out.
    expect(justSynced({ waiting: 1, refused: 1 }, { waiting: 0, refused: 1 })).toBe(true);
  });

  it('does not show while writes still wait, when the last one was refused, or when nothing waited', () => {
    expect(justSynced({ waiting: 2, refused: 0 }, { waiting: 1, refused: 0 })).toBe(false);
    expect(justSynced({ waiting: 1, refused: 0 }, { waiting: 0, refused: 1 })).toBe(false);
    expect(justSynced({ waiting: 0, refused: 0 }, { waiting: 0, refused: 0 })).toBe(false);
    // The first read of a phone that already holds writes.
    expect(justSynced({ waiting: 0, refused: 0 }, { waiting: 3, refused: 0 })).toBe(false);
  });
});
