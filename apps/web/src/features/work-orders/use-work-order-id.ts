import { useParams, useSearchParams } from 'react-router';

/** The order of the detail / duplicate / contributions routes: `?work_order_id=N` (spec) or the `/:work_order_id` form. */
export function useWorkOrderIdParam(): number | undefined {
  const params = useParams();
  const [search] = useSearchParams();
  const raw = search.get('work_order_id') ?? params.work_order_id;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
