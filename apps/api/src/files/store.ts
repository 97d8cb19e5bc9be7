import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, open, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { UploadKind } from '@fm/domain';
import type { Config } from '../config';
import { S3FileStore } from './s3-store';

/**
 * Where uploaded bytes live (ARCHITECTURE §6: a local directory by default, an S3-compatible bucket when
 * configured, so N API instances can share them). The database's `files` row says who may read them; a store
 * only keeps bytes under keys the application generates (never a name a client chose).
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under `key` (replacing nothing: keys are fresh). */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The bytes as a stream; throws FileMissingError when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Releases what the store holds (a temporary folder); called when the app closes. */
  close?(): Promise<void>;
}

export class FileMissingError extends Error {
  constructor(key: string) {
    super(`file '${key}' is not in the store`);
  }
}

const KEY = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9._-]*)*$/;

/** Refuses anything that is not a key this module generated: no `..`, no absolute path, no odd characters. */
export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY.test(key) || key.split('/').some((s) => s === '..' || s === '.')) throw new Error(`invalid storage key '${key}'`);
}

const EXTENSION: Record<UploadKind, string> = { pdf: 'pdf', jpeg: 'jpg', png: 'png', webp: 'webp' };

/** A fresh key, `2026/11/<uuid>.pdf`: spread over month folders, unguessable, never derived from the uploaded name. */
export function newStorageKey(kind: UploadKind, now = new Date()): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return `${month}/${randomUUID()}.${EXTENSION[kind]}`;
}

/** Files in a directory (by default FM_DATA_DIR/files), written to a temporary name and renamed into place. */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  constructor(
    readonly root: string,
    private readonly temporary = false,
  ) {}

  private pathOf(key: string): string {
    assertStorageKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`invalid storage key '${key}'`);
    return full;
  }

  async put(key: string, body: Uint8Array, _contentType?: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await writeFile(partial, body, { mode: 0o600, flag: 'wx' });
      await rename(partial, target);
    } catch (e) {
      await rm(partial, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<Readable> {
    const target = this.pathOf(key);
    try {
      const handle = await open(target, 'r');
      return handle.createReadStream();
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new FileMissingError(key);
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}

/**
 * The store the configuration names: S3-compatible when FILES_S3_ENDPOINT is set, else FM_DATA_DIR/files.
 * An in-memory database (the tests) keeps its files in a temporary folder removed when the app closes, so no
 * run leaves bytes behind in the data folder.
 */
export async function createFileStore(config: Config): Promise<FileStore> {
  if (config.FILES_S3_ENDPOINT) {
    return new S3FileStore({
      endpoint: config.FILES_S3_ENDPOINT,
      bucket: config.FILES_S3_BUCKET ?? '',
      region: config.FILES_S3_REGION,
      accessKeyId: config.FILES_S3_ACCESS_KEY ?? '',
      secretAccessKey: config.FILES_S3_SECRET_KEY ?? '',
      pathStyle: config.FILES_S3_PATH_STYLE === 'true',
    });
  }
  if (config.inMemory) return new LocalFileStore(await mkdtemp(path.join(tmpdir(), 'fm-files-')), true);
  return new LocalFileStore(path.join(config.FM_DATA_DIR, 'files'));
}
