import fs from 'node:fs';
import { backupOverviewSchema } from '@rustico/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { requireAdmin, requireSuperadmin } from '../http/guards.ts';
import { errorResponses } from '../http/schemas.ts';
import { backupOverview, latestBackupFile } from './service.ts';

/** The daily backups: how they went (admins), and the latest copy to download (superadmins). */
export function backupRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/backups',
      {
        schema: {
          tags: ['admin'],
          summary: "The daily backups: the last one and the last good one, or, on PostgreSQL, none (the database's own) (admins)",
          response: { 200: backupOverviewSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        requireAdmin(request);
        return backupOverview(ctx);
      },
    );

    app.get(
      '/admin/backups/latest',
      {
        schema: {
          tags: ['admin'],
          summary: 'The latest good backup, the whole house in one SQLite file (superadmins)',
          produces: ['application/vnd.sqlite3'],
          response: { 200: z.any().describe('the SQLite file'), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        requireSuperadmin(request);
        const latest = await latestBackupFile(ctx);
        if (!latest) throw notFound('A backup to download');
        ctx.log.info({ file: latest.file }, 'backup downloaded');
        return reply
          .header('content-type', 'application/vnd.sqlite3')
          .header('content-length', latest.bytes)
          .header('content-disposition', `attachment; filename="${latest.file}"`)
          .header('cache-control', 'no-store')
          .send(fs.createReadStream(latest.path));
      },
    );
  };
}
