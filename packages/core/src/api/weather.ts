import { z } from 'zod';
import { weatherConditions } from '../weather.ts';

export const weatherConditionSchema = z.enum(weatherConditions);

export const weatherSchema = z.object({
  condition: weatherConditionSchema,
  temperatureC: z.number(),
  isDay: z.boolean(),
  /** When the provider was asked. */
  fetchedAt: z.string(),
  /** True when the provider failed just now and this is the last good value. */
  stale: z.boolean(),
});
export type Weather = z.infer<typeof weatherSchema>;
export const weatherResponseSchema = z.object({ weather: weatherSchema });
