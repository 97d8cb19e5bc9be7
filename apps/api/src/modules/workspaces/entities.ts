import { sql } from 'drizzle-orm';
import { ACCESS_MSG, type EntityRef } from '@fm/domain';
import type { Executor } from '../../db/client';
import { invalid } from '../../http/errors';
import { ENTITY_TYPES, type EntityType } from '../../http/sharing';
import { rowsOf } from '../../db/client';

const primaryKeys = new Map<string, string | null>();

/** The primary-key column of a resource table (entity_type is the table name, see http/sharing.ts). */
async function primaryKeyOf(db: Executor, table: string): Promise<string | null> {
  if (primaryKeys.has(table)) return primaryKeys.get(table) ?? null;
  const rows = await rowsOf<{ attname: string }>(
    db,
    sql`select a.attname from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = to_regclass(${table}) and i.indisprimary`,
  );
  const pk = rows.length === 1 ? rows[0].attname : null;
  // Only cache hits: a module's table may appear after a migration during development.
  if (pk) primaryKeys.set(table, pk);
  return pk;
}

function isEntityType(t: string): t is EntityType {
  return (ENTITY_TYPES as readonly string[]).includes(t);
}

/**
 * Checks that every entity is a known resource type and belongs to `ownerId`'s account
 * (resource tables carry `user_id`, ARCHITECTURE §4). Returns the de-duplicated list.
 */
export async function validateOwnedEntities(db: Executor, ownerId: number, entities: EntityRef[]): Promise<EntityRef[]> {
  const byType = new Map<EntityType, Set<number>>();
  for (const e of entities) {
    if (!isEntityType(e.entity_type)) throw invalid('entities', `${ACCESS_MSG.entityTypeUnknown}: ${e.entity_type}`);
    byType.set(e.entity_type, (byType.get(e.entity_type) ?? new Set()).add(e.entity_id));
  }
  const out: EntityRef[] = [];
  for (const [type, idSet] of byType) {
    const ids = [...idSet];
    const pk = await primaryKeyOf(db, type);
    if (!pk) throw invalid('entities', `${ACCESS_MSG.entityTypeUnknown}: ${type}`);
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`select ${sql.identifier(pk)} as id from ${sql.identifier(type)}
          where ${sql.identifier(pk)} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and user_id = ${ownerId}`,
    );
    const found = new Set(rows.map((r) => Number(r.id)));
    if (ids.some((id) => !found.has(id))) throw invalid('entities', ACCESS_MSG.entityNotOwned);
    out.push(...ids.map((entity_id) => ({ entity_type: type, entity_id })));
  }
  return out;
}
