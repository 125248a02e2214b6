/** Query keys of the admin screens, in their own module so the live-events hook can name them without loading the screens. */
export const statisticsKey = (year: number) => ['bookings', 'statistics', year] as const;
/** Under ['bookings'], so a live booking event (a stay checked in or out) refreshes the list. */
export const readingsKey = ['bookings', 'admin-readings'] as const;
/** The files stored against the budgets: a receipt (money) or a photo (user) changes them. */
export const storageKey = ['admin', 'storage'] as const;
