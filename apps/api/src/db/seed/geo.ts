import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { cities, districts, states } from '../schema/index';

type GeorefFile = {
  provinces: [string, string, number, number][];
  districts: [string, string, string][];
  cities: [string, string, string, string, number | null, number | null][];
};

const FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data', 'georef-ar.json');

/** Provinces, departments and localities of Argentina. Fuente: Georef Argentina, datos.gob.ar (CC BY 4.0). */
export async function seedGeo(db: Db): Promise<void> {
  const [{ n }] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(cities);
  if (n > 0) return;
  const geo = JSON.parse(readFileSync(FILE, 'utf8')) as GeorefFile;
  await db.transaction(async (tx) => {
    const stateRows = await tx
      .insert(states)
      .values(geo.provinces.map(([code, name, lat, lon]) => ({ code, name, lat, lon, country_id: 1 })))
      .onConflictDoNothing()
      .returning({ id: states.state_id, code: states.code });
    const stateId = new Map(stateRows.map((r) => [r.code, r.id]));
    const districtRows = await tx
      .insert(districts)
      .values(geo.districts.map(([code, name, st]) => ({ code, name, state_id: must(stateId.get(st), st) })))
      .onConflictDoNothing()
      .returning({ id: districts.district_id, code: districts.code });
    const districtId = new Map(districtRows.map((r) => [r.code, r.id]));
    const rows = geo.cities.map(([code, name, dc, sc, lat, lon]) => ({
      code,
      name,
      district_id: must(districtId.get(dc), dc),
      state_id: must(stateId.get(sc), sc),
      lat,
      lon,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(cities).values(rows.slice(i, i + 1000)).onConflictDoNothing();
    }
  });
}

function must(id: number | undefined, code: string): number {
  if (id === undefined) throw new Error(`georef: unknown code ${code}`);
  return id;
}
