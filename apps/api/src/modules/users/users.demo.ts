import { eq } from 'drizzle-orm';
import { PLAN } from '@fm/domain';
import type { Executor, Tx } from '../../db/client';
import { users, workspaces } from '../../db/schema/index';
import type { DemoContext } from '../demo-seeders';
import { findCity } from '../geo/index';
import { hashPassword } from './passwords';
import { createOwnWorkspace } from './users.service';

export const DEMO_EMAIL = 'demo@gestion-agro.local';
export const DEMO_PASSWORD = 'demo1234';

export async function demoAccountExists(db: Executor): Promise<boolean> {
  const [existing] = await db.select({ id: users.user_id }).from(users).where(eq(users.email, DEMO_EMAIL));
  return Boolean(existing);
}

/** Hashed before the seeding transaction opens, so the hash does not hold the connection. */
export const demoPasswordHash = () => hashPassword(DEMO_PASSWORD);

/** The demo account (PRO for a year, onboarded, living in Tandil) and its workspace 'Agro Demo'. */
export async function createDemoAccount(tx: Executor, passwordHash: string): Promise<DemoContext> {
  // the demo phone's area code (249) is Tandil's
  const city = await findCity(tx, 'Tandil', 'Buenos Aires');
  const [user] = await tx
    .insert(users)
    .values({
      email: DEMO_EMAIL,
      password_hash: passwordHash,
      name: 'Martín',
      last_name: 'Demo',
      phone: '+5492494123456',
      occupation: 'Productor',
      city_id: city?.city_id ?? null,
      email_validated_at: new Date(),
      plan_id: PLAN.PRO,
      plan_end_date: new Date(Date.now() + 365 * 86_400_000),
      onboarding_completed: true,
    })
    .returning();
  const [ws] = await tx.insert(workspaces).values({ name: 'Agro Demo', user_id: user.user_id }).returning();
  await tx.update(users).set({ last_workspace_id: ws.workspace_id }).where(eq(users.user_id, user.user_id));
  return { userId: user.user_id, workspaceId: ws.workspace_id };
}

export type DemoPerson = { email: string; name: string; last_name: string; occupation: string };

/** Someone the demo account works with: a validated account with its own workspace (no password until they reset it). */
export async function createDemoPerson(tx: Tx, person: DemoPerson): Promise<number> {
  const [user] = await tx.insert(users).values({ ...person, email_validated_at: new Date() }).returning({ user_id: users.user_id });
  await createOwnWorkspace(tx, user.user_id, person.name);
  return user.user_id;
}
