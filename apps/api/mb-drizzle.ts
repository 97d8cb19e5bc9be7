import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { and, asc, eq, desc } from 'drizzle-orm';
import * as schema from './src/db/schema/index';
import { seasons, seasonPlans, companies, farms } from './src/db/schema/index';
import { planList } from './src/http/list-query';
import { seasonList } from './src/modules/seasons/seasons.repo';
const db = drizzle(new pg.Pool(), { schema });
function build1() {
  const plan = planList({ pagination: 'true', page: 2, per_page: 10 } as never, seasonList as never);
  const where = and(eq(seasons.workspace_id, 5), plan.where);
  return db.select({ season_id: seasons.season_id, name: seasons.name, active: seasons.active }).from(seasons).where(where).orderBy(...plan.orderBy).limit(plan.limit).offset(plan.offset).toSQL();
}
function build2() {
  return db.select({
      season_plan_id: seasonPlans.season_plan_id,
      season: { season_id: seasons.season_id, name: seasons.name, active: seasons.active },
      company: { company_id: companies.company_id, name: companies.name, tax_identifier: companies.tax_identifier, active: companies.active, company_type_id: companies.company_type_id },
      farm: { farm_id: farms.farm_id, name: farms.name, active: farms.active },
    })
    .from(seasonPlans)
    .innerJoin(seasons, eq(seasons.season_id, seasonPlans.season_id))
    .innerJoin(companies, eq(companies.company_id, seasonPlans.company_id))
    .innerJoin(farms, eq(farms.farm_id, seasonPlans.farm_id)).where(eq(seasonPlans.workspace_id, 3)).orderBy(desc(seasonPlans.season_plan_id)).limit(10).offset(10).toSQL();
}
for (const [n, f] of [['seasons', build1], ['plans', build2]] as const) {
  for (let i = 0; i < 20000; i++) f();
  const t = performance.now();
  for (let i = 0; i < 20000; i++) f();
  console.log(n, ((performance.now() - t) / 20000 * 1000).toFixed(1), 'µs per build');
}
process.exit(0);
