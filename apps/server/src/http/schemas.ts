import { apiErrorSchema } from '@rustico/core';
import { z } from 'zod';

/** The error responses a route may answer with, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
}

/** The path parameter of a route about one thing (`/bookings/:id`): ids are UUIDs, or an imported app's strings. */
export const idParams = z.object({ id: z.string().min(1).max(100) });
