import { z } from 'zod';

/** Largest id of an integer identity column. */
export const MAX_ID = 2_147_483_647;
export const ID_INVALID = 'El número no es válido';

const isBlank = (v: unknown) => v === undefined || v === null || v === 0 || v === '0' || (typeof v === 'string' && v.trim() === '');

/** An optional id in a request body: '' / 0 / null / missing mean none; anything else must be a positive integer id. */
export const optionalId = z
  .union([z.string().max(20), z.number(), z.null()])
  .optional()
  .transform((v, ctx): number | null => {
    if (isBlank(v)) return null;
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: ID_INVALID });
      return z.NEVER;
    }
    return n;
  });

/** A required id whose absence answers `message`. */
export const requiredIdOf = (message: string) =>
  optionalId.transform((v, ctx): number => {
    if (v === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return v;
  });
