import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { CliError } from './commands';

/** Reads and validates an operator JSON file; an unreadable or invalid file is a CliError listing the problems. */
export async function readJsonFile<S extends z.ZodType>(path: string | undefined, schema: S, usage: string): Promise<z.infer<S>> {
  if (!path) throw new CliError(usage);
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
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 20).map((i) => `  ${i.path.join('.') || '(archivo)'}: ${i.message}`);
    throw new CliError(['El archivo no es válido; no se cambió nada:', ...lines].join('\n'));
  }
  return parsed.data;
}
