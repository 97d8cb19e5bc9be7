import { expect, vi } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FilterCond } from '@fm/domain';
import { call, type TestApp, type TestUser } from './app';

/**
 * The SQL texts drizzle builds while `fn` runs. A list statement prepared for a filter shape (decision 0029) is not
 * built again: a second request of the same shape with other values builds none of its texts.
 */
export async function builtTexts<T>(fn: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const spy = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
  try {
    const result = await fn();
    return { result, texts: spy.mock.results.map((r) => (r.value as { sql: string }).sql) };
  } finally {
    spy.mockRestore();
  }
}

/**
 * Two requests of one filter shape with other values (decision 0029): the first builds the statements that read
 * `from "<table>"` (of any of `tables`), the second builds none of them. Answers both results, for the caller's checks.
 */
export async function sameShapeTwice<T>(tables: string | string[], first: () => Promise<T>, second: () => Promise<T>): Promise<[T, T]> {
  const reading = (texts: string[]) => texts.filter((t) => [tables].flat().some((table) => t.includes(`from "${table}"`)));
  const a = await builtTexts(first);
  expect(reading(a.texts).length).toBeGreaterThan(0);
  const b = await builtTexts(second);
  expect(reading(b.texts)).toEqual([]);
  return [a.result, b.result];
}

/** GET `path` of the user's workspace two rows a page, filtered by the conditions `and` plus the parameters `query`. */
export const twoPerPage = (app: TestApp, user: TestUser, path: string, and: FilterCond[], query: Record<string, string | number>) => {
  const params = new URLSearchParams({ workspace_id: String(user.workspace_id), pagination: 'true', per_page: '2', filters: JSON.stringify({ AND: and }) });
  for (const [k, v] of Object.entries(query)) params.set(k, String(v));
  return call(app, 'GET', `${path}?${params}`, { token: user.token });
};
