import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { filterFieldsWith, GENERIC_RETRY_ERROR, invalidFilterValue, MSG } from '@fm/domain';
import { envelope } from './envelope';

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'VALIDATION'
  | 'TOO_MANY_REQUESTS'
  | 'NOT_IMPLEMENTED'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  VALIDATION: 422,
  TOO_MANY_REQUESTS: 429,
  NOT_IMPLEMENTED: 501,
  /** An external service answered with an error, garbage or not in time. */
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
};

export const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(STATUS, code);

export type Detail = { loc: (string | number)[]; msg: string };

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: Detail[],
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export const badRequest = (msg: string) => new AppError('BAD_REQUEST', msg);
export const unauthorized = (msg = 'El token no es válido o ha expirado') => new AppError('UNAUTHORIZED', msg);
export const forbidden = (msg = 'Debe solicitar los permisos para este módulo al dueño del espacio de trabajo') =>
  new AppError('FORBIDDEN', msg);
export const notFound = (msg = 'No se encontró el recurso solicitado') => new AppError('NOT_FOUND', msg);
export const conflict = (msg: string) => new AppError('CONFLICT', msg);
/** A single-field validation failure with the spec's Spanish message. */
export const invalid = (field: string, msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', field], msg }]);

/** A foreign key naming a row that does not exist (an id from a stale list or a hand-made request). */
const MISSING_REFERENCE = 'El valor elegido no existe o fue eliminado';

export const GENERIC_ERROR = GENERIC_RETRY_ERROR;

/** A statement cancelled by DB_STATEMENT_TIMEOUT_MS (SQLSTATE 57014; PGlite's host answers the same). */
export const QUERY_TIMEOUT = 'La consulta tardó demasiado. Probá con filtros más específicos.';

/** SQLSTATEs of a pattern PostgreSQL cannot compile: invalid regular expression, escape sequence, escape character. */
const BAD_PATTERN = new Set(['2201B', '22025', '22019']);

type PgError = { code?: string; constraint?: string; detail?: string };

function pgErrorOf(error: unknown): PgError | undefined {
  let e: unknown = error;
  // drizzle wraps driver errors in `cause`
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as PgError;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The one error path: every failure leaves as the spec's envelope with a Spanish message, never a stack. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).send(envelope(null, { status: error.status, message: error.message, detail: error.detail }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const detail: Detail[] = error.validation.map((v) => ({
        loc: [error.validationContext ?? 'body', ...String(v.instancePath ?? '').split('/').filter(Boolean)],
        msg: v.message ?? 'Valor inválido',
      }));
      const message = [...new Set(detail.map((d) => d.msg))].join('\n');
      return reply.code(422).send(envelope(null, { status: 422, message, detail }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response does not match its schema');
      return reply.code(500).send(envelope(null, { status: 500, message: GENERIC_ERROR }));
    }
    const fe = error as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && error instanceof SyntaxError)) {
      return reply.code(400).send(envelope(null, { status: 400, message: 'El cuerpo de la solicitud no es un JSON válido' }));
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return reply.code(413).send(envelope(null, { status: 413, message: 'La solicitud supera el tamaño permitido' }));
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return reply.code(415).send(envelope(null, { status: 415, message: 'Tipo de contenido no soportado' }));
    }
    if (fe.statusCode === 429) {
      return reply.code(429).send(envelope(null, { status: 429, message: MSG.tooManyRequests }));
    }
    const pgErr = pgErrorOf(error);
    if (pgErr?.code === '23505') {
      return reply.code(409).send(envelope(null, { status: 409, message: 'Ya existe un registro con esos datos' }));
    }
    // a reference to a row that does not exist is bad input; a delete of a row still referenced is a conflict
    const missingRef = pgErr?.code === '23503' ? /^Key \((\w+)\)=\(.*\) is not present in table/.exec(pgErr.detail ?? '') : null;
    if (missingRef) {
      const detail = [{ loc: ['body', missingRef[1]], msg: MISSING_REFERENCE }];
      return reply.code(422).send(envelope(null, { status: 422, message: MISSING_REFERENCE, detail }));
    }
    if (pgErr?.code === '23503') {
      return reply.code(409).send(envelope(null, { status: 409, message: 'El registro está en uso por otros datos y no puede eliminarse' }));
    }
    if (pgErr?.code === '57014') {
      return reply.code(503).send(envelope(null, { status: 503, message: QUERY_TIMEOUT }));
    }
    // only a similar_to filter hands PostgreSQL a pattern; the database checks it, so it names the field here
    const patternFields = pgErr?.code && BAD_PATTERN.has(pgErr.code) ? filterFieldsWith((request.query as { filters?: unknown } | undefined)?.filters, 'similar_to') : [];
    if (patternFields.length) {
      return reply.code(400).send(envelope(null, { status: 400, message: invalidFilterValue(...patternFields) }));
    }
    if (pgErr?.code === '22P02' || pgErr?.code === '22003' || pgErr?.code === '2201B') {
      return reply.code(400).send(envelope(null, { status: 400, message: 'Valor inválido en la solicitud' }));
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return reply.code(fe.statusCode).send(envelope(null, { status: fe.statusCode, message: 'Solicitud inválida' }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(envelope(null, { status: 500, message: GENERIC_ERROR }));
  });
}
