import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breaksVoseo } from '@fm/domain';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

/** String literals and JSX text of a source file (comments left out). */
function texts(code: string): string[] {
  const bare = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const literals = [...bare.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
  const jsx = [...bare.matchAll(/>([^<>{}]*[\p{L}][^<>{}]*)</gu)].map((m) => m[1].trim());
  return [...literals, ...jsx];
}

describe('one Spanish voice in the web (voseo)', () => {
  it('no text of the web speaks in the usted form', () => {
    const offending = sources(SRC).flatMap((file) => texts(readFileSync(file, 'utf8')).filter(breaksVoseo).map((t) => `${relative(SRC, file)}: ${t}`));
    expect(offending).toEqual([]);
  });
});
