import { MAX_CLIENT_JSON_BYTES, type AnalyticsBody, type ClientErrorBody } from '@fm/domain';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { analyticsEvents, clientErrors } from '../../db/schema/index';

/** Keeps a JSON value only when it serialises within the size limit; otherwise a marker with its size. */
function boundedJson(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  const text = JSON.stringify(value);
  if (text === undefined) return null;
  return Buffer.byteLength(text) <= MAX_CLIENT_JSON_BYTES ? value : { truncated: true, bytes: Buffer.byteLength(text) };
}

/** Stores a usage event of the user (payload bounded to 8 KiB). */
export async function recordEvent(db: Executor, userId: number, body: z.infer<typeof AnalyticsBody>) {
  const [row] = await db
    .insert(analyticsEvents)
    .values({ user_id: userId, event: body.event, origin: body.origin, category: body.category, payload: boundedJson(body.payload) })
    .returning({ analytics_event_id: analyticsEvents.analytics_event_id });
  return row;
}

/** Stores an error a client reported; fields besides message, stack and path are kept as `extra` (bounded). */
export async function recordClientError(db: Executor, userId: number, body: z.infer<typeof ClientErrorBody>) {
  const { message, stack, path, ...extra } = body;
  const [row] = await db
    .insert(clientErrors)
    .values({ user_id: userId, message, stack: stack ?? null, path: path ?? null, extra: Object.keys(extra).length ? boundedJson(extra) : null })
    .returning({ client_error_id: clientErrors.client_error_id });
  return row;
}
