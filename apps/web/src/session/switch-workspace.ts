import type { SessionPayload } from '@fm/domain';
import { api, first } from '../api/client';
import { withOverlay } from '../components/loading-overlay/overlay-store';
import { getSession, startSession } from './session-store';

/** Renews the token for `workspaceId` (new permissions and flags), remembers it as last workspace, reloads (spec doc 1 §4). */
export async function switchWorkspace(workspaceId: number): Promise<void> {
  const current = getSession();
  await withOverlay(async (signal) => {
    const res = await api.get<SessionPayload[]>('users/auth', {
      query: { renew: true, workspace_id: workspaceId },
      workspace: false,
      signal,
    });
    const payload = first(res);
    try {
      await api.put('users', { last_workspace_id: workspaceId }, { workspace: false, token: payload.token, signal });
    } catch (err) {
      // The last workspace is a convenience for the next sign-in; the switch itself already succeeded.
      console.warn('No se pudo guardar el último espacio de trabajo', err);
    }
    startSession({ ...payload, workspace_id: payload.workspace_id ?? workspaceId }, {
      remember: current?.remember ?? true,
      sso: current?.sso,
    });
  });
  window.location.reload();
}
