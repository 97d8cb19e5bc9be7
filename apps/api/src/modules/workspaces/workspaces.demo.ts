import type { Executor } from '../../db/client';
import { teamMembers, teams } from '../../db/schema/index';
import type { DemoContext } from '../demo-seeders';

/**
 * Demo teams (screen /equipo): groups of people to give workspace access at once. Members are only
 * e-mails here: nobody gets access (nor uses the plan's user capacity) until the owner grants it.
 */
const TEAMS = [
  { name: 'Cuadrilla de cosecha', members: ['encargado.cosecha@campo.test', 'maquinista@campo.test'] },
  { name: 'Asesores', members: ['ing.agronomo@campo.test'] },
];

export async function seedWorkspacesDemo(tx: Executor, ctx: DemoContext): Promise<void> {
  for (const t of TEAMS) {
    const [team] = await tx.insert(teams).values({ user_id: ctx.userId, name: t.name }).returning({ team_id: teams.team_id });
    await tx.insert(teamMembers).values(t.members.map((email) => ({ team_id: team.team_id, email })));
  }
}
