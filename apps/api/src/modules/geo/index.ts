import { z } from 'zod';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { oncePerDb } from '../../db/once-per-db';
import { cities, districts, states } from '../../db/schema/index';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';

/** What other modules may call: the locality lookups. */
export { cityExists, findCity } from './cities.repo';

const GeoQuery = z.object({
  country_id: z.coerce.number().int().positive().optional(),
  state_id: z.coerce.number().int().positive().optional(),
  district_id: z.coerce.number().int().positive().optional(),
  city_id: z.coerce.number().int().positive().optional(),
});

/** The selectors of every address form run these: built once per database (decision 0026). */
const geoQueries = oncePerDb((db) => {
  const id = sql.placeholder('id');
  return {
    city: db
      .select({
        city_id: cities.city_id,
        name: cities.name,
        lat: cities.lat,
        lon: cities.lon,
        district: { district_id: districts.district_id, name: districts.name },
        state: { state_id: states.state_id, name: states.name },
      })
      .from(cities)
      .innerJoin(districts, eq(districts.district_id, cities.district_id))
      .innerJoin(states, eq(states.state_id, cities.state_id))
      .where(eq(cities.city_id, id))
      .prepare('geo_city'),
    citiesOf: db.select({ city_id: cities.city_id, name: cities.name, district_id: cities.district_id }).from(cities).where(eq(cities.district_id, id)).orderBy(asc(cities.name)).prepare('geo_cities'),
    districtsOf: db.select({ district_id: districts.district_id, name: districts.name, state_id: districts.state_id }).from(districts).where(eq(districts.state_id, id)).orderBy(asc(districts.name)).prepare('geo_districts'),
    statesOf: db.select({ state_id: states.state_id, name: states.name, country_id: states.country_id }).from(states).where(eq(states.country_id, id)).orderBy(asc(states.name)).prepare('geo_states'),
  };
});

/**
 * GET geo-locations: provinces of a country, districts of a province, localities of a district,
 * or one locality with its district and province (nested) by city_id.
 * Fuente: Georef Argentina, datos.gob.ar (CC BY 4.0).
 */
export async function geoModule(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/geo-locations',
    { config: { public: true }, schema: { tags: ['reference'], summary: 'Provincias, partidos y localidades (Georef)', querystring: GeoQuery } },
    async (request, reply) => {
      const q = request.query;
      reply.header('cache-control', 'public, max-age=3600');
      const { city, citiesOf, districtsOf, statesOf } = geoQueries(app.db);
      if (q.city_id) {
        const [row] = await city.execute({ id: q.city_id });
        if (!row) throw notFound('Localidad no encontrada');
        return ok(row);
      }
      if (q.district_id) return ok(await citiesOf.execute({ id: q.district_id }));
      if (q.state_id) return ok(await districtsOf.execute({ id: q.state_id }));
      return ok(await statesOf.execute({ id: q.country_id ?? 1 }));
    },
  );
}
