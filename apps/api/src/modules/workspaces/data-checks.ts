import { workspaceHasData } from '@fm/domain';
import type { Executor } from '../../db/client';
import { conflict } from '../../http/errors';
import { registerUsageCheck, usagesOf, type UsageCheck } from '../../http/usage-checks';
import { tablesWithWorkspaceRows } from './workspaces.repo';

/**
 * A workspace holding business data cannot be deleted. Every table with a `workspace_id` column is
 * checked automatically; a module whose data lives elsewhere (or wants a better wording) registers
 * a check returning a Spanish phrase such as "3 campañas", or null:
 *
 *   registerWorkspaceDataCheck(async (db, workspaceId) => ((await countSeasons(db, workspaceId)) ? 'campañas' : null));
 */
export function registerWorkspaceDataCheck(check: UsageCheck): void {
  registerUsageCheck('workspaces', check);
}

/** Spanish names of the business tables that carry workspace_id; unknown tables show their name. */
const TABLE_LABELS: Record<string, string> = {
  seasons: 'campañas',
  season_plans: 'planes de siembra',
  field_crops: 'cultivos asignados',
  strategies: 'estrategias de cultivo',
  work_orders: 'órdenes de trabajo',
  costs: 'costos',
  cost_transactions: 'costos',
  stocks: 'stock de insumos',
  stock_transactions: 'movimientos de stock',
  supplies: 'insumos',
  warehouses: 'depósitos',
  grain_movements: 'movimientos de granos',
  grain_stocks: 'stock de granos',
  grain_stock_transactions: 'stock de granos',
  grain_contracts: 'contratos',
  grain_contract_movements: 'entregas',
  contracts: 'contratos',
  deliveries: 'entregas',
  herds: 'rodeos',
  livestock: 'rodeos',
  rains: 'registros de lluvia',
  rain_records: 'registros de lluvia',
  monitorings: 'monitoreos',
  notes: 'notas',
};

const labelOf = (table: string) => TABLE_LABELS[table] ?? table.replace(/_/g, ' ');

/** 409 naming what the workspace still holds (registered checks first, then every workspace_id table). */
export async function assertWorkspaceEmpty(db: Executor, workspaceId: number): Promise<void> {
  // only its owner deletes a workspace, and the owner sees the whole account
  const reasons = await usagesOf(db, 'workspaces', workspaceId, { workspaceId, wholeAccount: true });
  for (const table of await tablesWithWorkspaceRows(db, workspaceId)) reasons.push(labelOf(table));
  const unique = [...new Set(reasons)];
  if (unique.length) throw conflict(workspaceHasData(unique));
}
