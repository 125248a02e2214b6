/**
 * Query keys of fair booking, in their own module so the live-events hook can
 * name them without loading the screens. Everything lives under ['fairness'];
 * the house rules themselves stay under ['house'] (queries.ts).
 */
export const fairnessKeys = {
  all: ['fairness'] as const,
  ruleHistory: ['fairness', 'rule-history'] as const,
  peaks: ['fairness', 'peaks'] as const,
  quotas: ['fairness', 'quota'] as const,
  quota: (memberId: string, year: number) => ['fairness', 'quota', memberId, year] as const,
  requests: ['fairness', 'requests'] as const,
  competingAll: ['fairness', 'competing'] as const,
  competing: (bookingId: string) => ['fairness', 'competing', bookingId] as const,
  views: ['fairness', 'view'] as const,
  view: (year: number) => ['fairness', 'view', year] as const,
  turns: ['fairness', 'turns'] as const,
  suggestedOrder: (from: string) => ['fairness', 'turns', 'suggested', from] as const,
  notices: ['fairness', 'notices'] as const,
};

/** The house rules (prices, limits, the fair-booking rules), read by the calendar too. */
export const houseRulesKey = ['house', 'rules'] as const;
