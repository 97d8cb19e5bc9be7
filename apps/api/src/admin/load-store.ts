import { StoreFile } from '@fm/domain';
import type { Executor } from '../db/client';
import { loadStore } from '../modules/store/index';
import { readJsonFile } from './json-file';

/** load-store <file.json>: validates the whole file (zod) and replaces the store's set in one transaction. */
export async function loadStoreCommand(db: Executor, args: string[]): Promise<string> {
  const file = await readJsonFile(args[0], StoreFile, 'Uso: load-store <archivo.json>');
  const n = await loadStore(db, file);
  return `Tienda cargada: ${n.promotions} promociones, ${n.access_cards} tarjetas de acceso.`;
}
