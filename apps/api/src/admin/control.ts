import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Executor } from '../db/client';
import { CliError, runCommand } from './commands';

/**
 * The operator's channel into a running server on the embedded database: PGlite serves one process, so while the
 * server runs the admin CLI cannot open it and asks the server instead. A Unix socket in the data folder that only
 * the OS user running the server may open (0600, never a network port). One JSON line each way:
 * `{"argv": [...]}` and `{"ok": true, "output": "..."}` or `{"ok": false, "error": "..."}`.
 */
export const CONTROL_SOCKET = 'admin.sock';
const MAX_REQUEST_BYTES = 64 * 1024;

export type ControlReply = { ok: true; output: string } | { ok: false; error: string };

export const controlSocketPath = (dataDir: string) => path.join(dataDir, CONTROL_SOCKET);

/** Sends one command line to the server listening on `socketPath`; null when none does (no socket, or a stale one). */
export function sendToServer(socketPath: string, argv: string[]): Promise<ControlReply | null> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.createConnection(socketPath, () => socket.end(`${JSON.stringify({ argv })}\n`));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer) as ControlReply);
      } catch {
        reject(new Error(`Respuesta inválida del servidor: ${answer.slice(0, 200)}`));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}

/** True when a server answers on `socketPath` (another server already uses this data folder). */
export async function serverListening(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

async function answer(db: Executor | null, request: string): Promise<ControlReply> {
  if (!db) return { ok: false, error: 'El servidor está iniciando: probá de nuevo en unos segundos.' };
  try {
    const { argv } = JSON.parse(request) as { argv?: unknown };
    if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) return { ok: false, error: 'Pedido inválido' };
    return { ok: true, output: await runCommand(db, argv) };
  } catch (err) {
    if (err instanceof CliError) return { ok: false, error: err.message };
    return { ok: false, error: `Error: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export type ControlServer = {
  /** From now on commands run on `db` (the server's own connection); before, the CLI is told to retry. */
  serve(db: Executor): void;
  close(): Promise<void>;
};

/**
 * Listens on `socketPath` for the admin CLI's commands. Started before the server opens its database, so from the
 * first instant the socket also tells a second server (or the CLI) that this data folder is in use. A socket file
 * left by a server that died is replaced; one a live server answers on is an error.
 */
export async function startControlServer(socketPath: string): Promise<ControlServer> {
  let db: Executor | null = null;
  if (await serverListening(socketPath)) throw new Error(`Ya hay un servidor usando ${path.dirname(socketPath)}`);
  rmSync(socketPath, { force: true });
  // half-open: the CLI ends its side after the request, the answer still has to go back
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    let request = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (request.length > MAX_REQUEST_BYTES) socket.destroy();
      else if (!answered && request.includes('\n')) {
        answered = true;
        void answer(db, request.slice(0, request.indexOf('\n'))).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
      }
    });
    // a probe (serverListening) or a client that left without a whole request: close our half too
    socket.on('end', () => {
      if (!answered) socket.end();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // the socket is created by bind(), synchronously inside listen(): a umask keeps it private from its first instant
    const umask = process.umask(0o177);
    try {
      server.listen(socketPath, () => resolve());
    } finally {
      process.umask(umask);
    }
  });
  chmodSync(socketPath, 0o600);
  return {
    serve: (executor) => {
      db = executor;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
