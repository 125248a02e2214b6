import { apiErrorSchema } from '@rustico/core';

/** The error responses a route may answer with, for the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema]));
}
