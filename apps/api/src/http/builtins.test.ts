import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/app';

/**
 * The request thread keeps V8's own builtins. pdfjs' legacy build, once loaded by the inventory routes, replaced
 * Array.prototype.push, JSON.parse and JSON.stringify with core-js polyfills (whose toString still claims
 * "[native code]"): every request paid for it (about 6 % of a list's CPU in a profile). Parsers with global side
 * effects load only in the parse workers.
 */
const ORIGINAL = {
  'Array.prototype.push': Array.prototype.push,
  'JSON.parse': JSON.parse,
  'JSON.stringify': JSON.stringify,
  structuredClone: globalThis.structuredClone,
  'Promise.withResolvers': (Promise as { withResolvers?: unknown }).withResolvers,
};
const current = () => ({
  'Array.prototype.push': Array.prototype.push,
  'JSON.parse': JSON.parse,
  'JSON.stringify': JSON.stringify,
  structuredClone: globalThis.structuredClone,
  'Promise.withResolvers': (Promise as { withResolvers?: unknown }).withResolvers,
});

describe('request thread builtins', () => {
  let app: TestApp;
  beforeAll(async () => {
    // imported only now, so ORIGINAL holds the builtins from before any app module loaded
    const { createTestApp } = await import('../test/app');
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('are the same functions after every module is registered', () => {
    expect(app.hasRoute({ method: 'POST', url: '/fm/v1/supplies/stocks/invoice' })).toBe(true);
    const now = current();
    for (const [name, fn] of Object.entries(ORIGINAL)) expect({ name, same: now[name as keyof typeof now] === fn }).toEqual({ name, same: true });
  });
});
