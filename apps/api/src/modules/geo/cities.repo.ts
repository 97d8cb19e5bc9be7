import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cities, states } from '../../db/schema/index';

/** Whether a Georef locality exists: forms check it to answer 'Debe seleccionar una localidad' rather than a foreign-key error. */
export async function cityExists(db: Executor, cityId: number): Promise<boolean> {
  const [row] = await db.select({ id: cities.city_id }).from(cities).where(eq(cities.city_id, cityId)).limit(1);
  return Boolean(row);
}

/** A Georef locality by its name and its province's (demo data and examples), with its position. */
export async function findCity(db: Executor, city: string, state: string) {
  const [row] = await db
    .select({ city_id: cities.city_id, lat: cities.lat, lon: cities.lon })
    .from(cities)
    .innerJoin(states, eq(states.state_id, cities.state_id))
    .where(and(eq(cities.name, city), eq(states.name, state)))
    .limit(1);
  return row;
}
