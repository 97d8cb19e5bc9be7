import { z } from 'zod';

/** Generic list query (ARCHITECTURE §3 "Lists"). */
export const FILTER_CONDITIONS = ['contains', 'is', 'gt', 'lt', 'in', 'similar_to'] as const;
export type FilterCondition = (typeof FILTER_CONDITIONS)[number];

const scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);
export const FilterCond = z.object({
  field: z.string().min(1).max(100),
  condition: z.enum(FILTER_CONDITIONS),
  value: z.union([scalar, z.array(z.union([z.string().max(500), z.number()])).max(500)]),
});
export type FilterCond = z.infer<typeof FilterCond>;

export const Filters = z
  .object({
    AND: z.array(FilterCond).max(50).optional(),
    OR: z.array(FilterCond).max(50).optional(),
  })
  .strict();
export type Filters = z.infer<typeof Filters>;

/** The list engine's answer to a value it cannot use, naming the filter field(s). */
export const invalidFilterValue = (...fields: string[]) => `Valor de filtro inválido para '${fields.join("', '")}'`;

/** Fields of a raw `filters` parameter filtered with `condition` (none when it does not parse). */
export function filterFieldsWith(raw: unknown, condition: FilterCondition): string[] {
  if (typeof raw !== 'string') return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = Filters.safeParse(json);
  if (!parsed.success) return [];
  const conds = [...(parsed.data.AND ?? []), ...(parsed.data.OR ?? [])];
  return [...new Set(conds.filter((c) => c.condition === condition).map((c) => c.field))];
}

export const ListQuery = z.object({
  pagination: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  per_page: z.coerce.number().int().min(1).max(1000).optional(),
  order_by: z.string().max(100).optional(),
  order: z.enum(['ASC', 'DESC', 'asc', 'desc']).optional(),
  filters: z
    .string()
    .max(20_000)
    .optional()
    .describe(
      'JSON {"AND":[…],"OR":[…]} de condiciones {field, condition, value}. condition: contains (el texto contiene el valor, sin distinguir mayúsculas ni tildes: "maiz" encuentra "Maíz"; los códigos como carta de porte y CTG se comparan tal cual), is, gt, lt, in (lista), similar_to.',
    ),
  workspace_id: z.coerce.number().int().positive().optional(),
  workspace: z.enum(['true', 'false']).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

/** Workspace parameters most calls carry. */
export const WorkspaceQuery = z.object({
  workspace_id: z.coerce.number().int().positive().optional(),
  workspace: z.enum(['true', 'false']).optional(),
});

export const PAGE_SIZES = [5, 10, 15] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Response envelope (ARCHITECTURE §3). */
export type Envelope<T> = {
  success: boolean;
  status: number;
  data: T;
  message?: string;
  total?: number;
  page?: number;
  per_page?: number;
  detail?: { loc: (string | number)[]; msg: string }[];
};
