import type { PermissionEntry, TeamBody, TeamRow } from '@fm/domain';
import { api, first } from '../../api/client';

/** Teams of the account (GET/POST/PUT/DELETE teams ?team_id) and access for a whole team (POST workspaces/teams). */
export const teamsApi = {
  one: async (teamId: number): Promise<TeamRow> => first(await api.get<TeamRow[]>('teams', { query: { team_id: teamId }, workspace: false })),
  create: async (body: TeamBody) => (await api.post<TeamRow[]>('teams', body, { workspace: false })).message,
  update: async (teamId: number, body: TeamBody) => (await api.put<TeamRow[]>('teams', body, { query: { team_id: teamId }, workspace: false })).message,
  remove: async (teamId: number) => (await api.del<unknown[]>('teams', { query: { team_id: teamId }, workspace: false })).message,
  grant: async (workspaceId: number, teamId: number, permissions: PermissionEntry[]) =>
    (await api.post<unknown[]>('workspaces/teams', { team_id: teamId, role_id: 1, permissions }, { query: { workspace_id: workspaceId }, workspace: false })).message,
};
