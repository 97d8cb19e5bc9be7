import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { envelope } from './envelope';
import { ROUTE_NOT_FOUND } from './auth';
import { pickEncoding } from './content-encoding';

/** Hashed build output (`/assets/<name>-<hash>.<ext>`): its name changes with its content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: revalidated on every use, so a deploy is seen at once. */
export const REVALIDATE = 'no-cache';

type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };

function encodeOnce(html: string): Encoded {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function sendIndex(request: FastifyRequest, reply: FastifyReply, index: Encoded) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? index[encoding] : index.identity);
}

/**
 * Serves the built web app (apps/web/dist) with an SPA fallback; API paths that match nothing answer a 404
 * envelope. The build writes `.br` and `.gz` next to every compressible file (apps/web/vite.config.ts): they
 * are served by Accept-Encoding; `/assets/*` is immutable for a year, the rest (index.html) `no-cache`.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined, apiPrefix: string): Promise<void> {
  const dist = webDist ? path.resolve(webDist) : undefined;
  const hasWeb = dist !== undefined && existsSync(path.join(dist, 'index.html'));
  const index = hasWeb ? encodeOnce(readFileSync(path.join(dist, 'index.html'), 'utf8')) : null;
  if (index && dist) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      // the compressed copies are picked by Accept-Encoding, never asked for by name
      globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
      setHeaders: (reply, file) => {
        const hashed = path.relative(dist, file).split(path.sep)[0] === 'assets';
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
    app.get('/index.html', (request, reply) => sendIndex(request, reply, index));
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(apiPrefix) || request.method !== 'GET' || !index) {
      return reply.code(404).send(envelope(null, { status: 404, message: ROUTE_NOT_FOUND }));
    }
    return sendIndex(request, reply, index);
  });
}
