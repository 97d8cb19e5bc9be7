import { ADDON_ID, FIELD_MAPPING_MSG, PLAN, type FieldMappingFieldResult, type FieldMappingSyncResult } from '@fm/domain';
import type { Executor } from '../../db/client';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import type { ResourceScope } from '../../http/resource-scope';
import { notConfiguredError, type FieldMappingService } from '../../integrations/field-mapping/index';
import { hasAddon, planOf } from '../plans/index';
import { accountOf, findPlot, markSynced, saveToken } from './field-mapping.repo';

export type FieldMappingDeps = { db: Executor; service: FieldMappingService };

/**
 * The service is personal (the token lives on the user, doc 1 §3), so the signed-in user's own account must hold
 * the Ambientaciones add-on and not be on the trial: the rule of the left menu (doc 1 §2.2), enforced here.
 */
async function assertAccess(db: Executor, userId: number): Promise<void> {
  if (!(await hasAddon(db, userId, ADDON_ID.FIELD_MAPPING))) throw forbidden(FIELD_MAPPING_MSG.addonRequired);
  if ((await planOf(db, userId)).plan_id === PLAN.TRIAL) throw forbidden(FIELD_MAPPING_MSG.trialExcluded);
}

/** Creates or links the user's account in the service and keeps its token; nothing is stored when the service fails. */
export async function synchronizeUser(deps: FieldMappingDeps, userId: number): Promise<FieldMappingSyncResult> {
  await assertAccess(deps.db, userId);
  const account = await accountOf(deps.db, userId);
  if (!account) throw unauthorized();
  const { token } = await deps.service.synchronizeUser(account);
  await saveToken(deps.db, userId, token);
  return { user_id: userId, field_mapping_token: token };
}

/**
 * Pushes a plot of the workspace (with its boundary) to the user's account in the service and records the id the
 * service gave it. Checks, in order: access (403), the plot (404), its boundary (422), the service (503), the
 * user's synchronisation (409); the remote call's failures are 502 (or 409 when it no longer knows the user).
 */
export async function synchronizeField(deps: FieldMappingDeps, scope: ResourceScope, userId: number, fieldId: number): Promise<{ result: FieldMappingFieldResult; name: string }> {
  await assertAccess(deps.db, userId);
  const plot = await findPlot(deps.db, scope, fieldId);
  if (!plot) throw notFound(FIELD_MAPPING_MSG.fieldNotFound);
  if (!plot.boundary) throw new AppError('VALIDATION', FIELD_MAPPING_MSG.noBoundary, [{ loc: ['querystring', 'field_id'], msg: FIELD_MAPPING_MSG.noBoundary }]);
  if (deps.service.kind === 'unconfigured') throw notConfiguredError();
  const token = (await accountOf(deps.db, userId))?.token;
  if (!token) throw conflict(FIELD_MAPPING_MSG.notSynchronized);
  const { external_id } = await deps.service.upsertField(token, { ...plot, boundary: plot.boundary });
  const at = new Date();
  if (!(await markSynced(deps.db, scope, fieldId, external_id, at))) throw notFound(FIELD_MAPPING_MSG.fieldNotFound);
  return { result: { field_id: fieldId, field_mapping_id: external_id, field_mapping_synced_at: at.toISOString() }, name: plot.name };
}
