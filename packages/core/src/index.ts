export * from './dates.ts';
export * from './money.ts';
export * from './roles.ts';
export * from './config.ts';
export * from './api/errors.ts';
export * from './api/auth.ts';
