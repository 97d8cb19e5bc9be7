import { eq } from 'drizzle-orm';
import { PLAN } from '@fm/domain';
import type { Db, Tx } from '../client';
import { users, workspaces } from '../schema/index';
import { hashPassword } from '../../modules/users/passwords';
import { findCity } from '../../modules/geo/index';

export const DEMO_EMAIL = 'demo@gestion-agro.local';
export const DEMO_PASSWORD = 'demo1234';

export type DemoContext = { userId: number; workspaceId: number };
/** Each module adds its demo data here (one function per module, run once when the demo account is created). */
export type DemoSeeder = (tx: Tx, ctx: DemoContext) => Promise<void>;
const seeders: DemoSeeder[] = [];

export function registerDemoSeeder(seeder: DemoSeeder): void {
  seeders.push(seeder);
}

/** Creates the demo account with a PRO plan and its workspace once; returns false when it already exists. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: users.user_id }).from(users).where(eq(users.email, DEMO_EMAIL));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
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
    for (const seeder of seeders) await seeder(tx, { userId: user.user_id, workspaceId: ws.workspace_id });
  });
  return true;
}
