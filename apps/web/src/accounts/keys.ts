/** Query keys of the Conti screen, in their own module so the live-events hook can name them without loading the screen. */
export const moneyKeys = {
  all: ['money'] as const,
  expenses: (year: number) => ['money', 'expenses', year] as const,
  history: (id: string) => ['money', 'history', id] as const,
  account: (year: number) => ['money', 'account', year] as const,
  balances: ['money', 'balances'] as const,
  contributions: (year: number) => ['money', 'contributions', year] as const,
};
