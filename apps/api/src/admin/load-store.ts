import { readFile } from 'node:fs/promises';
import { StoreFile } from '@fm/domain';
import type { Executor } from '../db/client';
import { loadStore } from '../modules/store/index';
import { CliError } from './commands';

/** load-store <file.json>: validates the whole file (zod) and replaces the store's set in one transaction. */
export async function loadStoreCommand(db: Executor, args: string[]): Promise<string> {
  const [path] = args;
  if (!path) throw new CliError('Uso: load-store <archivo.json>');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new CliError(`No se pudo leer el archivo ${path}`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new CliError(`El archivo no es un JSON válido: ${(err as Error).message}`);
  }
  const parsed = StoreFile.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 20).map((i) => `  ${i.path.join('.') || '(archivo)'}: ${i.message}`);
    throw new CliError(['El archivo no es válido; no se cambió nada:', ...lines].join('\n'));
  }
  const n = await loadStore(db, parsed.data);
  return `Tienda cargada: ${n.promotions} promociones, ${n.access_cards} tarjetas de acceso.`;
}
