import type { FastifyInstance } from 'fastify';
import { workspacesRoutes } from './workspaces.routes';
import { membersRoutes } from './members.routes';
import { teamsRoutes } from './teams.routes';

export { registerWorkspaceDataCheck } from './data-checks';
export { seedWorkspacesDemo } from './workspaces.demo';

/** Workspaces, their people and permissions, and teams (spec doc 1 §2.8–2.10, §6, §7). */
export async function workspacesModule(app: FastifyInstance) {
  await app.register(workspacesRoutes);
  await app.register(membersRoutes);
  await app.register(teamsRoutes);
}
