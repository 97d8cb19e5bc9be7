import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { FILE_MSG, fileTooLarge, UPLOAD_CONTENT_TYPES, UPLOAD_KINDS, UPLOAD_MAX_BYTES, type UploadKind } from '@fm/domain';
import type { Executor } from '../db/client';
import { files, workspaces, workspaceUsers } from '../db/schema/index';
import { AppError } from '../http/errors';
import { sniffFileKind } from './sniff';
import { newStorageKey, type FileStore } from './store';

/** Where a stored file is served (GET files/:file_id, members of its workspace only): FILES_PATH and its id. */
export const FILES_PATH = '/fm/v1/files/';
export const fileUrl = (fileId: number) => `${FILES_PATH}${fileId}`;

export type UploadInput = {
  /** The owning workspace; null only for a public catalogue document (a technical sheet). */
  workspaceId: number | null;
  userId: number | null;
  /** The name the client gave: kept (cleaned) for the download name, never used for storage. */
  filename: string;
  /** The client's Content-Type: ignored, the type comes from the bytes. Accepted so callers can pass the part as is. */
  mimetype?: string;
  buffer: Uint8Array;
  /** Kinds accepted (default: PDF, JPEG, PNG, WebP). */
  allowed?: readonly UploadKind[];
  /** Default 10 MB. */
  maxBytes?: number;
  /** The multipart field, for the 422's `detail` (default 'file'). */
  field?: string;
};

export type CheckedUpload = { kind: UploadKind; contentType: string; size: number; originalName: string; buffer: Uint8Array };

export type StoredFile = { file_id: number; url: string; content_type: string; size_bytes: number; original_name: string };

const refuse = (field: string, msg: string) => new AppError('VALIDATION', msg, [{ loc: ['body', field], msg }]);

/** Control characters, path separators and quotes out; at most 255 characters (the column). */
export function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (base || 'archivo').slice(0, 255);
}

/**
 * The upload rules with no side effect (ARCHITECTURE §7 "Uploads"): the size cap and the kind read from the
 * magic bytes. A caller with several files checks them all first, so one bad file means nothing is written.
 */
export function checkUpload(input: Omit<UploadInput, 'workspaceId' | 'userId'>): CheckedUpload {
  const field = input.field ?? 'file';
  const maxBytes = input.maxBytes ?? UPLOAD_MAX_BYTES;
  if (input.buffer.byteLength > maxBytes) throw refuse(field, maxBytes === UPLOAD_MAX_BYTES ? FILE_MSG.tooLarge : fileTooLarge(maxBytes));
  const kind = sniffFileKind(input.buffer);
  if (!kind || !(input.allowed ?? UPLOAD_KINDS).includes(kind)) throw refuse(field, FILE_MSG.invalidType);
  return { kind, contentType: UPLOAD_CONTENT_TYPES[kind], size: input.buffer.byteLength, originalName: cleanFilename(input.filename), buffer: input.buffer };
}

/**
 * Checks an upload (422 in Spanish, nothing written), stores its bytes under a generated key and records the
 * `files` row. If the row cannot be written the bytes are removed again. Run it before (not inside) the
 * transaction that references the file, and call deleteUpload if that transaction fails.
 */
export async function saveUpload(db: Executor, store: FileStore, input: UploadInput): Promise<StoredFile> {
  const checked = checkUpload(input);
  const key = newStorageKey(checked.kind);
  await store.put(key, checked.buffer, checked.contentType);
  try {
    const [row] = await db
      .insert(files)
      .values({
        workspace_id: input.workspaceId,
        storage_key: key,
        content_type: checked.contentType,
        size_bytes: checked.size,
        original_name: checked.originalName,
        created_by: input.userId,
      })
      .returning();
    return { file_id: row.file_id, url: fileUrl(row.file_id), content_type: row.content_type, size_bytes: row.size_bytes, original_name: row.original_name };
  } catch (e) {
    await store.delete(key).catch(() => undefined);
    throw e;
  }
}

/** Removes a file of the workspace (row, then bytes); false when it is not one of the workspace's files. */
export async function deleteUpload(db: Executor, store: FileStore, workspaceId: number, fileId: number): Promise<boolean> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.file_id, fileId), eq(files.workspace_id, workspaceId)))
    .returning({ storage_key: files.storage_key });
  if (!row) return false;
  await store.delete(row.storage_key);
  return true;
}

/** The workspaces the user belongs to (owner or member), as a condition on `files.workspace_id`. */
const memberOf = (userId: number) =>
  or(
    sql`${files.workspace_id} in (select ${workspaces.workspace_id} from ${workspaces} where ${workspaces.user_id} = ${userId})`,
    sql`${files.workspace_id} in (select ${workspaceUsers.workspace_id} from ${workspaceUsers} where ${workspaceUsers.user_id} = ${userId})`,
  );

/** A file the user may read: one of a workspace they belong to, or a public catalogue document; else undefined. */
export async function findReadableFile(db: Executor, userId: number, fileId: number) {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.file_id, fileId), or(isNull(files.workspace_id), memberOf(userId))))
    .limit(1);
  return row;
}
