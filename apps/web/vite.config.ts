import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { GROUP_MAX_SIZE, layerOf } from './chunk-groups';

const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? (e.name.startsWith('.') ? [] : filesUnder(join(dir, e.name))) : [join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every compressible file of the build, so
 * the API serves them as they are (@fastify/static preCompressed) instead of compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'fm-precompress',
    apply: 'build',
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < 256) return;
          const raw = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
            gz(raw, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/fm/v1': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  preview: {
    proxy: { '/fm/v1': { target: 'http://127.0.0.1:3000', changeOrigin: true } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/bundle-size.mjs reads the chunk graph from it
    manifest: true,
    rolldownOptions: {
      output: {
        // few, larger chunks for the signed-in first screen; the sign-in page keeps its own (chunk-groups.ts)
        codeSplitting: {
          groups: [{ debugName: 'layers', name: layerOf(), maxSize: GROUP_MAX_SIZE, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
