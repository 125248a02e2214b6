import { describe, expect, it } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { fairnessKeys, houseRulesKey } from '../fairness/keys.ts';
import { applyLiveEvent } from '../lib/events.ts';
import { waitlistKey } from '../waitlist/queries.ts';
import { liveEventQueryKeys } from './live-event-keys.ts';

describe('live events of fair booking', () => {
  const invalidated = (event: Parameters<typeof applyLiveEvent>[2]) => {
    const keys: unknown[] = [];
    applyLiveEvent({ invalidateQueries: (filters: { queryKey: unknown }) => keys.push(filters.queryKey) } as unknown as QueryClient, liveEventQueryKeys, event);
    return keys;
  };

  it('a booking refreshes quotas, requests and turns too', () => {
    expect(invalidated({ type: 'booking', action: 'created', id: 'b' })).toEqual(expect.arrayContaining([fairnessKeys.quotas, fairnessKeys.requests, fairnessKeys.turns]));
  });

  it('a rules change refreshes the rules, their history and what they decide', () => {
    expect(invalidated({ type: 'rules', action: 'updated', id: 'house' })).toEqual(
      expect.arrayContaining([houseRulesKey, fairnessKeys.ruleHistory, fairnessKeys.peaks, fairnessKeys.quotas, fairnessKeys.views]),
    );
  });

  it('turns, notices and the waitlist refresh their own lists', () => {
    expect(invalidated({ type: 'turns', action: 'updated', id: 'r' })).toEqual([fairnessKeys.turns]);
    expect(invalidated({ type: 'notice', action: 'created', id: 'n' })).toContainEqual(fairnessKeys.notices);
    expect(invalidated({ type: 'waitlist', action: 'updated', id: 'w' })).toEqual([waitlistKey]);
  });
});