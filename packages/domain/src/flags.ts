/**
 * Feature flags (spec doc 1 §2.4). A flag turns a group of routes on or off.
 * The effective set is the chosen set intersected with BUILT_FEATURES, so a
 * module whose screens do not exist yet never shows an empty page.
 */
export const FEATURES = [
  'home',
  'store',
  'logout',
  'profile',
  'notifications',
  'addons',
  'workspaces',
  'users',
  'team',
  'resources',
  'destinations',
  'seasons',
  'sowing_plan',
  'strategies',
  'costs',
  'costs_view',
  'work_orders',
  'agro_recipes',
  'stock_supplies',
  'grain_movements',
  'grain_stocks',
  'contracts',
  'deliveries',
  'livestock',
  'reports',
  'field_mapping',
  'rain',
  'monitoring',
  'notes',
  'news',
] as const;
export type Feature = (typeof FEATURES)[number];
export type FlagSet = Record<Feature, boolean>;
export const FLAG_SET_NAMES = ['production', 'development', 'test', 'client', 'trial_expired'] as const;
export type FlagSetName = (typeof FLAG_SET_NAMES)[number];

/** Features whose screens and API exist in this build. Extend as modules land. */
export const BUILT_FEATURES: readonly Feature[] = [
  'home',
  'store',
  'logout',
  'profile',
  'notifications',
  'addons',
  'workspaces',
  'users',
  'team',
  'resources',
  'destinations',
  'seasons',
  'sowing_plan',
  'stock_supplies',
  'work_orders',
  'agro_recipes',
  'contracts',
  'deliveries',
  'grain_movements',
  'grain_stocks',
  'rain',
  'monitoring',
  'notes',
  'field_mapping',
  'news',
];

function setOf(on: readonly Feature[]): FlagSet {
  return Object.fromEntries(FEATURES.map((f) => [f, on.includes(f)])) as FlagSet;
}

const ALL = FEATURES;
/** Production switches off strategies, grain, contracts, deliveries, livestock, costs list/view and destinations (spec doc 1 §2.4, doc 3 §2). */
const PRODUCTION_OFF: readonly Feature[] = [
  'strategies',
  'grain_movements',
  'grain_stocks',
  'contracts',
  'deliveries',
  'livestock',
  'costs_view',
  'destinations',
];

export const FLAG_SETS: Record<FlagSetName, FlagSet> = {
  production: setOf(ALL.filter((f) => !PRODUCTION_OFF.includes(f))),
  development: setOf(ALL),
  test: setOf(ALL),
  // Client-specific set: production plus the commercial grain screens (values not given by the spec).
  client: setOf(ALL.filter((f) => !['strategies', 'livestock', 'costs_view'].includes(f))),
  trial_expired: setOf(['home', 'store', 'logout']),
};

/** The flags a session gets: the named set, restricted to what is built, and to the restricted set when the trial expired. */
export function effectiveFlags(name: FlagSetName, trialExpired: boolean): FlagSet {
  const base = trialExpired ? FLAG_SETS.trial_expired : FLAG_SETS[name];
  return Object.fromEntries(FEATURES.map((f) => [f, base[f] && BUILT_FEATURES.includes(f)])) as FlagSet;
}
