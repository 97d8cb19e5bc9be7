import type { FastifyRequest } from 'fastify';
import { INVENTORY_MSG, STOCK_FILE_MAX_BYTES } from '@fm/domain';
import { AppError, badRequest } from '../../http/errors';
import { checkUpload } from '../../files/index';

/** Files a stock entry or movement may carry. */
export const FILE_FIELDS = ['invoice_file', 'delivery_note_file'] as const;
export type FileField = (typeof FILE_FIELDS)[number];
export type FormFile = { filename: string; mimetype: string; buffer: Buffer };
export type Form = { fields: Record<string, unknown>; files: Partial<Record<FileField, FormFile>> };

/** One byte over the cap, so an oversize file is told apart (422) from a truncated stream. */
export const MULTIPART_LIMITS = { fileSize: STOCK_FILE_MAX_BYTES + 1, files: 2, fields: 30, parts: 32, fieldSize: 1024 * 1024 } as const;

const tooLarge = (field: string) => new AppError('VALIDATION', INVENTORY_MSG.fileTooLarge, [{ loc: ['body', field], msg: INVENTORY_MSG.fileTooLarge }]);

/**
 * The body of a stock entry or movement: multipart (text fields and up to two files, each checked by magic bytes and
 * size before anything is written) or JSON. A JSON-valued text field (`supplies`, `stocks`) stays a string here.
 */
export async function readForm(request: FastifyRequest): Promise<Form> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw badRequest(INVENTORY_MSG.suppliesInvalid);
    return { fields: (body ?? {}) as Record<string, unknown>, files: {} };
  }
  const form: Form = { fields: {}, files: {} };
  for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
    if (part.type === 'field') {
      form.fields[part.fieldname] = part.value;
      continue;
    }
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch {
      throw tooLarge(part.fieldname);
    }
    if (!(FILE_FIELDS as readonly string[]).includes(part.fieldname) || buffer.length === 0) continue;
    checkUpload({ filename: part.filename, buffer, field: part.fieldname });
    form.files[part.fieldname as FileField] = { filename: part.filename, mimetype: part.mimetype, buffer };
  }
  return form;
}

/** A JSON list sent as a text field (multipart) or as a JSON array; undefined when absent, 422 when unreadable. */
export function jsonList(value: unknown, field: string): unknown[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  if (!Array.isArray(parsed) || parsed.length > 200 || parsed.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) {
    throw new AppError('VALIDATION', INVENTORY_MSG.suppliesInvalid, [{ loc: ['body', field], msg: INVENTORY_MSG.suppliesInvalid }]);
  }
  return parsed;
}
