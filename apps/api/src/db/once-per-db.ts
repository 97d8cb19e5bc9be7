import type { Executor } from './client';

/**
 * Memoises something built from a database handle (a drizzle prepared query, typically) once per handle: every
 * test app has its own database, so a process-wide singleton would run one app's statement on another's handle.
 */
export function oncePerDb<T>(build: (db: Executor) => T): (db: Executor) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) built.set(db, (value = build(db)));
    return value;
  };
}
