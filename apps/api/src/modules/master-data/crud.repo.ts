import { and, eq, getTableColumns, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ZodObject } from 'zod';
import type { Feature } from '@fm/domain';
import type { Executor } from '../../db/client';
import { scopeValues, visibleIn, visibleInShape, type ResourceScope } from '../../http/resource-scope';
import { listStatements, type StatementShape } from '../../http/list-statement';
import { sharedWorkspaces, type EntityType } from '../../http/sharing';
import { listPage, type FieldMap, type ListPlan } from '../../http/list-query';

/** Where a request looks: one workspace, or for "Mis recursos" the whole account (http/resource-scope.ts). */
export type Scope = ResourceScope;

export type Row = Record<string, unknown>;

/** A table whose rows belong to an account (`user_id`) and can be (de)activated. */
export type ResourceTable = PgTable & { user_id: PgColumn; active: PgColumn; updated_at: PgColumn };

/** An account resource as another resource references it (carrier -> transport, destination -> farm/buyer). */
export type RefTarget = { table: ResourceTable; id: PgColumn; sharing: EntityType };

/**
 * The declaration of one master-data resource: everything the generic routes, service and repo
 * need. Adding a resource is one of these, not a new set of files.
 */
export type ResourceDef = {
  /** URL path under /fm/v1 (`livestock-agents`). */
  path: string;
  /** The feature flag its routes belong to (decision 0010). */
  feature: Feature;
  /** Table name: the usage-check key and, for shared resources, the sharing entity type. */
  type: string;
  /** Singular name for list filters (`provider.name`) and OpenAPI tags. */
  resource: string;
  /** Spanish noun for messages: 'proveedor' -> 'Proveedor creado correctamente', 'No se puede eliminar el proveedor: ...'. */
  noun: string;
  table: ResourceTable;
  id: PgColumn;
  /** Query parameter and column name of the id (`provider_id`). */
  idParam: string;
  /** Shared into workspaces itself, or null when visible through a parent (`visibleIn`). */
  sharing: EntityType | null;
  /** Visibility in a workspace when not shared directly (carriers: their transport is shared). */
  visibleIn?: (workspaceId: number | Placeholder) => SQL;
  createBody: ZodObject;
  updateBody: ZodObject;
  /** Whitelisted list fields (name, tax_identifier, active, ...). */
  fields: FieldMap;
  /** Query parameters accepted besides `filters`, applied as `is` on the field of the same name. */
  queryParams?: string[];
  /** Read-only columns added to every answer (names of referenced records). */
  extraColumns?: Record<string, SQL>;
  /** Cross-field and reference rules on the merged record (create and update); throws invalid(). */
  validate?: (db: Executor, scope: Scope, row: Row) => Promise<void>;
  /** Derived fields of the answer (livestock agents' label). */
  present?: (row: Row) => Row;
};

/** WHERE condition: the record is visible in the scope. */
export function visibility(def: ResourceDef, scope: Scope): SQL {
  if (def.sharing) return visibleIn(scope, def.sharing, def.id, def.table.user_id);
  if (scope.kind === 'account') return eq(def.table.user_id, scope.ownerId);
  if (def.visibleIn) return def.visibleIn(scope.workspaceId);
  throw new Error(`resource ${def.type} declares neither sharing nor visibleIn`);
}

/** Is the referenced account resource visible in the scope? */
export async function refVisible(db: Executor, scope: Scope, target: RefTarget, id: number): Promise<boolean> {
  const where = visibleIn(scope, target.sharing, target.id, target.table.user_id);
  const rows = await db.select({ id: target.id }).from(target.table).where(and(eq(target.id, id), where)).limit(1);
  return rows.length > 0;
}

function present(def: ResourceDef, row: Row): Row {
  return def.present ? def.present(row) : row;
}

/** visibility() with placeholders, in a list statement built per scope kind. */
function visibilityShape(def: ResourceDef, s: StatementShape, kind: Scope['kind']): SQL {
  if (def.sharing) return visibleInShape(s, kind, def.sharing, def.id, def.table.user_id);
  if (kind === 'account') return eq(def.table.user_id, s.param('owner'));
  if (def.visibleIn) return def.visibleIn(s.param('workspace'));
  throw new Error(`resource ${def.type} declares neither sharing nor visibleIn`);
}

/** The list's equality parameters (its id, `queryParams`) present in a request, by parameter name. */
export type Equals = Record<string, string | number>;
const equalsColumn = (def: ResourceDef, name: string) => (name === def.idParam ? def.id : (def.fields[name].column as Column));

/** The scope and the equality parameters a request gives (sorted); they enter as placeholders `eq_<name>`. */
type ListVariant = { scope: Scope['kind']; equals: string[] };
function listWhere(def: ResourceDef, s: StatementShape, variant: ListVariant): SQL | undefined {
  return and(visibilityShape(def, s, variant.scope), s.where, ...variant.equals.map((name) => eq(equalsColumn(def, name), s.param(`eq_${name}`))));
}

const statementsByDef = new WeakMap<ResourceDef, ReturnType<typeof buildListStatements>>();
const buildListStatements = (def: ResourceDef) =>
  listStatements({
    columns: { ...getTableColumns(def.table), ...def.extraColumns },
    id: def.id,
    from: (select, s, variant: ListVariant) => select.from(def.table).where(listWhere(def, s, variant)),
  });

/** One page of the list (plan from planList) plus the total; `withSharing` adds each row's workspaces. */
export async function listResources(db: Executor, def: ResourceDef, scope: Scope, plan: ListPlan, equals: Equals, withSharing: boolean) {
  let statements = statementsByDef.get(def);
  if (!statements) statementsByDef.set(def, (statements = buildListStatements(def)));
  const names = Object.keys(equals).sort();
  const variant: ListVariant = { scope: scope.kind, equals: names };
  const values = { ...scopeValues(scope), ...Object.fromEntries(names.map((name) => [`eq_${name}`, equals[name]])) };
  const { page: pageStatement, matching } = statements;
  const page = await listPage(db, plan, async (): Promise<Row[]> => pageStatement(db, plan, values, variant), matching(db, plan, values, variant));
  let data = page.data.map((r) => present(def, r));
  if (withSharing && def.sharing) {
    const ids = data.map((r) => Number(r[def.idParam]));
    const links = await sharedWorkspaces(db, def.sharing, ids);
    data = data.map((r) => ({ ...r, workspaces: links.get(Number(r[def.idParam])) ?? [] }));
  }
  return { data, extra: page.extra };
}

/** The record when visible in the scope (locked for the rest of the transaction), else undefined. */
export async function findVisible(db: Executor, def: ResourceDef, scope: Scope, id: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(def.table)
    .where(and(eq(def.id, id), visibility(def, scope)))
    .for('update')
    .limit(1);
  return row as Row | undefined;
}

/**
 * The answer shape of one record just written (with referenced names and derived fields), read within the
 * scope's account: an edit may have just unshared it from the current workspace.
 */
export async function findPresented(db: Executor, def: ResourceDef, scope: Scope, id: number): Promise<Row> {
  const [row] = await db
    .select({ ...getTableColumns(def.table), ...def.extraColumns })
    .from(def.table)
    .where(and(eq(def.id, id), visibility(def, { ...scope, kind: 'account' })));
  return present(def, row as Row);
}

export async function insertResource(db: Executor, def: ResourceDef, values: Row): Promise<number> {
  // generic over the declared tables: the values were parsed by the resource's own Zod schema
  const [row] = await db
    .insert(def.table)
    .values(values as never)
    .returning({ id: def.id });
  return Number(row.id);
}

export async function updateResource(db: Executor, def: ResourceDef, scope: Scope, id: number, values: Row): Promise<void> {
  if (!Object.keys(values).length) return;
  await db
    .update(def.table)
    .set(values as never)
    .where(and(eq(def.id, id), visibility(def, scope)));
}

export async function deleteResource(db: Executor, def: ResourceDef, scope: Scope, id: number): Promise<void> {
  await db.delete(def.table).where(and(eq(def.id, id), visibility(def, scope)));
}
