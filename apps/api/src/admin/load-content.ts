import { ContentFile } from '@fm/domain';
import type { Executor } from '../db/client';
import { ContentLoadError, loadContent } from '../modules/news/index';
import { CliError } from './commands';
import { readJsonFile } from './json-file';

const LABELS = { news: 'novedades', videos: 'videos', games: 'juegos', campaigns: 'campañas' } as const;

/** load-content <file.json>: replaces each section the file has (news, videos, games, campaigns) in one transaction. */
export async function loadContentCommand(db: Executor, args: string[]): Promise<string> {
  const file = await readJsonFile(args[0], ContentFile, 'Uso: load-content <archivo.json>');
  try {
    const n = await loadContent(db, file);
    const parts = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((k) => n[k] !== undefined).map((k) => `${n[k]} ${LABELS[k]}`);
    return parts.length ? `Contenido cargado: ${parts.join(', ')}.` : 'El archivo no tiene secciones (news, videos, games, campaigns): no se cambió nada.';
  } catch (err) {
    if (err instanceof ContentLoadError) throw new CliError(`${err.message} No se cambió nada.`);
    throw err;
  }
}
