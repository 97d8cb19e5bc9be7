import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_MSG, DOCUMENT_TYPES, FILE_MSG, UPLOAD_MAX_BYTES, WorkspaceQuery, type DocumentType } from '@fm/domain';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { requireWorkspace } from '../../http/guard';
import { checkUpload } from '../../files/index';
import { defineParseTask } from '../../workers/parse-pool';
import type { RawReading } from './document-reader';
import { shapeReading } from './document-reader.service';

/**
 * PDF and photo reading runs in a worker thread (decision 0009): pdfjs, the image decoders and jsQR never hold
 * the request thread, and a hostile file costs a worker under the pool's time and heap caps.
 */
const readerTask = defineParseTask<RawReading>({
  name: 'inventory.document',
  module: new URL('./document-reader.ts', import.meta.url),
  // by name: importing the reader here would load pdfjs (and its global polyfills) into the request thread
  exportName: 'readInventoryDocument',
  maxInputBytes: UPLOAD_MAX_BYTES,
  timeoutMs: 20_000,
});

const limits = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 };

const invalid = (msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', 'file'], msg }]);

const SUMMARY: Record<DocumentType, string> = {
  invoice: 'Lee una factura (PDF o foto): QR fiscal, proveedor por CUIT e ítems; no guarda nada',
  'delivery-note': 'Lee un remito (PDF o foto): número, proveedor por CUIT e ítems; no guarda nada',
};

/**
 * POST supplies/stocks/invoice and supplies/stocks/delivery-note (multipart `file`): the prefilled stock entry
 * for the user to review. Registered by the inventory module's plugin.
 */
export async function documentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits });
  for (const type of DOCUMENT_TYPES) {
    app.post(
      `/supplies/stocks/${type}`,
      {
        config: { permission: { module: 'stock_supplies', action: 'create' }, feature: 'stock_supplies' },
        schema: {
          tags: ['inventory'],
          summary: SUMMARY[type],
          description:
            'Multipart con `file` (PDF, JPEG, PNG o WebP, hasta 10 MB, tipo verificado por contenido). Lee el QR fiscal de AFIP/ARCA ' +
            'y, en un PDF, los ítems de su texto; busca el proveedor por CUIT entre los del espacio de trabajo y los insumos por nombre y marca. ' +
            "No guarda nada. Ilegible: 422 'No pudimos leer el documento. Cargá los datos a mano.'",
          querystring: WorkspaceQuery,
        },
      },
      async (request) => {
        const access = requireWorkspace(request);
        if (!request.isMultipart()) throw invalid(DOCUMENT_MSG.fileRequired);
        const file = await request.file({ limits });
        if (!file) throw invalid(DOCUMENT_MSG.fileRequired);
        let buffer: Buffer;
        try {
          buffer = await file.toBuffer();
        } catch {
          throw invalid(FILE_MSG.tooLarge);
        }
        if (file.file.truncated) throw invalid(FILE_MSG.tooLarge);
        checkUpload({ filename: file.filename, buffer, field: 'file' });
        const raw = await readerTask.run(buffer);
        return ok(await shapeReading(app.db, access.workspace_id, type, raw));
      },
    );
  }
}
