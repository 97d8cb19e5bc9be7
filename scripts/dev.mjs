// Development: API with reload on :3000 and Vite with hot reload on :5173 (proxying /fm/v1 to the API).
import { spawn } from 'node:child_process';

const run = (args) => spawn('npm', args, { stdio: 'inherit', shell: false });
const children = [run(['run', 'dev', '-w', 'apps/api']), run(['run', 'dev', '-w', 'apps/web'])];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && stop()));
