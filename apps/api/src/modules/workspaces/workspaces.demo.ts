import { defaultPermissions, type Module, type PermissionEntry } from '@fm/domain';
import type { Tx } from '../../db/client';
import { teamMembers, teams, workspaceUsers } from '../../db/schema/index';
import type { DemoContext } from '../demo-seeders';
import { createDemoPerson, setPermissions, type DemoPerson } from '../users/index';

/**
 * The people the demo account works with: each is a user of the demo workspace with permissions (so they
 * appear in Usuarios and in the workspace's users) and a member of a team (screen /equipo). Besides the
 * base modules, each gets what their job needs.
 */
const PEOPLE: (DemoPerson & { modules: Module[] })[] = [
  { email: 'encargado.cosecha@campo.test', name: 'Raúl', last_name: 'Ibarra', occupation: 'Encargado de cosecha', modules: ['commercialization_movement', 'commercialization_stock'] },
  { email: 'maquinista@campo.test', name: 'Diego', last_name: 'Ferreyra', occupation: 'Maquinista', modules: ['stock_supplies'] },
  { email: 'ing.agronomo@campo.test', name: 'Lucía', last_name: 'Benedetti', occupation: 'Ingeniera agrónoma', modules: ['agro_recipes', 'costs', 'reports'] },
];

const TEAMS = [
  { name: 'Cuadrilla de cosecha', members: ['encargado.cosecha@campo.test', 'maquinista@campo.test'] },
  { name: 'Asesores', members: ['ing.agronomo@campo.test'] },
];

const withModules = (modules: Module[]): PermissionEntry[] =>
  defaultPermissions().map((p) => (modules.includes(p.module) ? { ...p, read: true, update: true, create: true, delete: true } : p));

export async function seedWorkspacesDemo(tx: Tx, ctx: DemoContext): Promise<void> {
  for (const { modules, ...person } of PEOPLE) {
    const userId = await createDemoPerson(tx, person);
    await tx.insert(workspaceUsers).values({ workspace_id: ctx.workspaceId, user_id: userId });
    await setPermissions(tx, ctx.workspaceId, userId, withModules(modules));
  }
  for (const t of TEAMS) {
    const [team] = await tx.insert(teams).values({ user_id: ctx.userId, name: t.name }).returning({ team_id: teams.team_id });
    await tx.insert(teamMembers).values(t.members.map((email) => ({ team_id: team.team_id, email })));
  }
}
