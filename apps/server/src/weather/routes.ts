import { weatherResponseSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../http/guards.ts';
import type { AppContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { WeatherService } from './service.ts';

export function weatherRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const weather = new WeatherService(ctx.config.weather, ctx.now, (error) => app.log.warn({ err: error }, 'weather provider failed'));
    app.get(
      '/weather',
      {
        schema: {
          tags: ['weather'],
          summary: 'The weather at the house now (cached for 10 minutes)',
          response: { 200: weatherResponseSchema, ...errorResponses(401, 503) },
        },
      },
      async (request) => {
        requireUser(request);
        return { weather: await weather.current() };
      },
    );
  };
}
