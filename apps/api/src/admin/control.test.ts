import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanInfoPayload } from '@fm/domain';
import { buildUser, call, createTestApp, json, type TestApp } from '../test/app';
import { controlSocketPath, sendToServer, startControlServer } from './control';

let app: TestApp;
let dir: string;
beforeAll(async () => {
  app = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'fm-control-'));
});
afterAll(async () => {
  await app.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

describe('the operator control socket', () => {
  it('runs CLI commands on the running server\'s database, seen at once by GET users/plan; only its OS user may open it', async () => {
    const socket = controlSocketPath(dir);
    expect(await sendToServer(socket, ['list-requests'])).toBeNull();
    writeFileSync(socket, ''); // left by a server that died
    const control = await startControlServer(socket);
    try {
      expect(statSync(socket).mode & 0o777).toBe(0o600);
      expect(await sendToServer(socket, ['list-requests'])).toEqual({ ok: false, error: 'El servidor está iniciando: probá de nuevo en unos segundos.' });
      control.serve(app.db);

      const u = await buildUser(app);
      expect(await sendToServer(socket, ['grant-addon', u.email, 'Reporte plan de siembra', '1'])).toEqual({
        ok: true,
        output: `${u.email}: adicional Reporte plan de siembra (id 101) = 1`,
      });
      const plan = json<PlanInfoPayload[]>(await call(app, 'GET', 'users/plan', { token: u.token })).data[0];
      expect(plan.report_permissions.filter((r) => r.available).map((r) => r.slug)).toEqual(['plan_de_siembra']);

      expect(await sendToServer(socket, ['grant-addon', u.email, 'tractores', '1'])).toEqual({ ok: false, error: "No existe el adicional 'tractores'" });
      await expect(startControlServer(socket)).rejects.toThrow('Ya hay un servidor usando');
    } finally {
      await control.close();
    }
    expect(await sendToServer(socket, ['list-requests'])).toBeNull();
  });
});
