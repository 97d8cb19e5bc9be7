import { z } from 'zod';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
      if (q.city_id) {
        const [row] = await app.db
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
          .where(eq(cities.city_id, q.city_id));
        if (!row) throw notFound('Localidad no encontrada');
        return ok(row);
      }
      if (q.district_id) {
        return ok(
          await app.db.select({ city_id: cities.city_id, name: cities.name, district_id: cities.district_id }).from(cities).where(eq(cities.district_id, q.district_id)).orderBy(asc(cities.name)),
        );
      }
      if (q.state_id) {
        return ok(
          await app.db.select({ district_id: districts.district_id, name: districts.name, state_id: districts.state_id }).from(districts).where(eq(districts.state_id, q.state_id)).orderBy(asc(districts.name)),
        );
      }
      return ok(
        await app.db.select({ state_id: states.state_id, name: states.name, country_id: states.country_id }).from(states).where(eq(states.country_id, q.country_id ?? 1)).orderBy(asc(states.name)),
      );
    },
  );
}
