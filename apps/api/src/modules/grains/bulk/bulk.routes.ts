import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BULK_MAX_BYTES, BULK_MSG, bulkHeaderOk, BULK_TEMPLATE_BASENAME, validateBulkRows, WorkspaceQuery } from '@fm/domain';
import { ok } from '../../../http/envelope';
import { AppError } from '../../../http/errors';
import { requireWorkspace } from '../../../http/guard';
import { defineParseTask } from '../../../workers/parse-pool';
import { readSnapshot } from '../../external-data/index';
import { bulkLookups, loadBulkChoices, templateLists } from './bulk-lookups';
import { templateCsv, templateXlsx } from './bulk-template';

/** The sheet is read in a worker (decision 0009): a 100k-row file or a zip bomb costs a worker, not the request thread. */
const sheetTask = defineParseTask<string[][]>({
  name: 'grains.bulk-sheet',
  module: new URL('./bulk-sheet.ts', import.meta.url),
  exportName: 'readBulkSheet',
  maxInputBytes: BULK_MAX_BYTES,
  timeoutMs: 60_000,
});

const limits = { fileSize: BULK_MAX_BYTES, files: 1, fields: 5, parts: 6 };
const invalid = (msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', 'file'], msg }]);
const perm = { permission: { module: 'commercialization_movement' as const, action: 'create' as const }, feature: 'grain_movements' as const };

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Bulk load of grain movements (spec doc 3 "Bulk load screen"; issue 11 item 3). The spec shows no calls: the
 * template is `GET grains/movements/template?format=xlsx|csv`, the check is `POST grains/movements/import`
 * (multipart `file`, saves nothing) and the save is the ordinary `POST grains/movements {movements:[…]}`.
 */
export async function grainsBulkRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['grains'];
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits });

  app.get(
    '/grains/movements/template',
    {
      config: { ...perm, permission: { ...perm.permission, action: 'read' as const } },
      schema: {
        tags,
        summary: 'Plantilla de carga masiva: Excel (.xlsx con listas desplegables) o Google Sheets (.csv); 20 filas en blanco',
        querystring: WorkspaceQuery.extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      reply.header('content-disposition', `attachment; filename="${BULK_TEMPLATE_BASENAME}.${format}"`).header('cache-control', 'private, no-store');
      if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(templateCsv());
      const choices = await loadBulkChoices(app.db, requireWorkspace(request).workspace_id);
      return reply.header('content-type', XLSX_TYPE).send(Buffer.from(templateXlsx(templateLists(choices))));
    },
  );

  app.post(
    '/grains/movements/import',
    {
      config: perm,
      schema: {
        tags,
        summary: 'Valida un archivo de carga masiva (.xlsx o .csv, hasta 25 MB y 100.000 filas); no guarda nada',
        description:
          "Multipart con `file`. data[0]: {movements: [{row, season_plan_id, field_crop_id, …} listos para POST grains/movements], errors: [{column, message ('Hay errores en …'), rows, cells}], total_rows}. " +
          "Un archivo ilegible: 422 'Error al procesar el archivo. Por favor, verifique el formato.'",
        querystring: WorkspaceQuery,
      },
    },
    async (request) => {
      const workspaceId = requireWorkspace(request).workspace_id;
      if (!request.isMultipart()) throw invalid(BULK_MSG.file);
      const file = await request.file({ limits });
      if (!file) throw invalid(BULK_MSG.file);
      let buffer: Buffer;
      try {
        buffer = await file.toBuffer();
      } catch {
        throw invalid(BULK_MSG.file);
      }
      if (file.file.truncated) throw invalid(BULK_MSG.file);
      const [sheet, choices, exchange] = await Promise.all([sheetTask.run(buffer), loadBulkChoices(app.db, workspaceId), readSnapshot(app.db, 'exchange')]);
      if (!bulkHeaderOk(sheet[0])) throw invalid(BULK_MSG.file);
      const venta = exchange[0]?.venta;
      const result = validateBulkRows(sheet, bulkLookups(choices), venta ? Number(venta).toFixed(2) : null);
      const totalRows = result.movements.length + new Set(result.errors.flatMap((e) => e.rows)).size;
      if (!totalRows) throw invalid(BULK_MSG.empty);
      return ok({ ...result, total_rows: totalRows });
    },
  );
}
