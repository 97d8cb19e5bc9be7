// Development: API with reload on :3000 and Vite with hot reload on :5173 (proxying /fm/v1 to the API).
import { spawn } from 'node:child_process';

// Links the API mails point at the page that asked for them: allow Vite's origin besides PUBLIC_URL's (:3000).
const env = { ...process.env, WEB_ORIGINS: process.env.WEB_ORIGINS ?? 'http://localhost:5173,http://127.0.0.1:5173' };
const run = (args) => spawn('npm', args, { stdio: 'inherit', shell: false, env });
const children = [run(['run', 'dev', '-w', 'apps/api']), run(['run', 'dev', '-w', 'apps/web'])];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && stop()));
