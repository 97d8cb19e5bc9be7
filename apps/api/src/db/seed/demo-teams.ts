import { teamMembers, teams } from '../schema/index';
import { registerDemoSeeder } from './demo';

/**
 * Demo teams (screen /equipo): groups of people to give workspace access at once. Members are only
 * e-mails here: nobody gets access (nor uses the plan's user capacity) until the owner grants it.
 */
const TEAMS = [
  { name: 'Cuadrilla de cosecha', members: ['encargado.cosecha@campo.test', 'maquinista@campo.test'] },
  { name: 'Asesores', members: ['ing.agronomo@campo.test'] },
];

registerDemoSeeder(async (tx, ctx) => {
  for (const t of TEAMS) {
    const [team] = await tx.insert(teams).values({ user_id: ctx.userId, name: t.name }).returning({ team_id: teams.team_id });
    await tx.insert(teamMembers).values(t.members.map((email) => ({ team_id: team.team_id, email })));
  }
});
