import { useParams, useSearchParams } from 'react-router';

/** stock_id of the route (/inventario/alta-stock/:stock_id) or of the query (?stock_id=), when it is a positive id. */
export function useStockIdParam(): number | undefined {
  const params = useParams();
  const [search] = useSearchParams();
  const raw = params.stock_id ?? search.get('stock_id') ?? undefined;
  const n = Number(raw);
  return raw && Number.isInteger(n) && n > 0 ? n : undefined;
}
