import { z } from 'zod';
import type { Feature, Module } from '@fm/domain';

type Action = 'read' | 'create' | 'update' | 'delete';

/** Route config of a grain route: its permission module (guard) and feature flag (spec doc 3 route table). */
export const grainPerm = (module: Extract<Module, 'commercialization_movement' | 'commercialization_stock'>, feature: Extract<Feature, 'grain_movements' | 'grain_stocks'>, action: Action) => ({
  permission: { module, action },
  feature,
});

/** A required id query parameter with a Spanish message. */
export const idParam = (name: string) =>
  z.coerce
    .number({ error: `El parámetro ${name} es obligatorio` })
    .int(`El parámetro ${name} no es válido`)
    .positive(`El parámetro ${name} no es válido`)
    .max(2_147_483_647, `El parámetro ${name} no es válido`);
