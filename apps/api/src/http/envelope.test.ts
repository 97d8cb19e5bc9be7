import { describe, expect, it } from 'vitest';
import { ok, okJsonArray } from './envelope';

describe('okJsonArray: the ok envelope around JSON the database wrote', () => {
  it('is the same answer as ok() for the parsed rows, with the page figures', () => {
    const rows = [{ id: 1, notes: 'Con viento "suave"' }, { id: 2, notes: null }];
    const extra = { total: 12, page: 2, per_page: 2 };
    expect(JSON.parse(okJsonArray(JSON.stringify(rows), extra))).toStrictEqual(ok(rows, extra));
    expect(JSON.parse(okJsonArray('[]'))).toStrictEqual(ok([]));
  });

  it("adds a list's own keys after the envelope's (the stock list's totals)", () => {
    const totals = { value_ars: 1234.5, value_usd: null, value_usd_partial: true };
    const text = okJsonArray('[{"stock_id":1}]', { total: 1, page: 1, per_page: 10 }, { totals });
    expect(JSON.parse(text)).toStrictEqual({ ...ok([{ stock_id: 1 }], { total: 1, page: 1, per_page: 10 }), totals });
  });

  it("keeps a text's `$&`, `$'` and `$``, which a replacement string would have expanded", () => {
    const rows = [{ notes: "pagar $& y $' o $` antes" }];
    expect(JSON.parse(okJsonArray(JSON.stringify(rows))).data).toStrictEqual(rows);
  });
});
