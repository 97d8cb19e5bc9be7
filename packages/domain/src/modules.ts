/** Permission modules of a workspace (spec doc 1 §3 "Permission"). */
export const MODULES = [
  'resources',
  'strategies',
  'team',
  'seasons',
  'seasons_plans',
  'work_orders',
  'costs',
  'agro_recipes',
  'stock_supplies',
  'commercialization_movement',
  'commercialization_stock',
  'contracts',
  'livestock',
  'reports',
] as const;
export type Module = (typeof MODULES)[number];

export const ACTIONS = ['read', 'update', 'create', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Always on, cannot be unchecked (spec doc 1 §5 "Permission checkboxes"). */
export const BASE_MODULES: readonly Module[] = [
  'resources',
  'strategies',
  'team',
  'seasons',
  'seasons_plans',
  'work_orders',
];

export const MODULE_LABELS: Record<Module, string> = {
  resources: 'Recursos',
  strategies: 'Estrategias de cultivo',
  team: 'Equipo',
  seasons: 'Campañas',
  seasons_plans: 'Plan de siembra',
  work_orders: 'Órdenes de trabajo',
  costs: 'Costos',
  agro_recipes: 'Recetas agronómicas',
  stock_supplies: 'Inventario de insumos',
  commercialization_movement: 'Movimientos de granos',
  commercialization_stock: 'Stock de granos',
  contracts: 'Contratos',
  livestock: 'Ganadería',
  reports: 'Reportes',
};

export type PermissionEntry = {
  module: Module;
  read: boolean;
  update: boolean;
  create: boolean;
  delete: boolean;
};

/** Default permissions of a new workspace assignment: base modules on, the rest off. */
export function defaultPermissions(): PermissionEntry[] {
  return MODULES.map((module) => {
    const on = BASE_MODULES.includes(module);
    return { module, read: on, update: on, create: on, delete: on };
  });
}

/** Full permission set, as the owner has. */
export function ownerPermissions(): PermissionEntry[] {
  return MODULES.map((module) => ({ module, read: true, update: true, create: true, delete: true }));
}

/** Spec doc 1 §6: allowed if the stored list is empty; otherwise only if the entry has the flag. */
export function can(permissions: readonly PermissionEntry[] | undefined, module: Module, action: Action = 'read'): boolean {
  if (!permissions) return false;
  if (permissions.length === 0) return true;
  const entry = permissions.find((p) => p.module === module);
  return Boolean(entry && entry[action]);
}
