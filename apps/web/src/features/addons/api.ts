import type { PlanInfoPayload, SessionPayload, SubscriptionRequestType } from '@fm/domain';
import { api, first } from '../../api/client';
import { getSession, startSession, updateSession } from '../../session/session-store';
import { isApiError } from '../../api/errors';

/**
 * GET users/plan: plan, days left, add-ons (remaining/total) and report permissions. The stored session
 * follows the answer; a failed fetch clears the stored subscription and add-on flags (spec doc 1 §4).
 */
export async function fetchPlanInfo(): Promise<PlanInfoPayload> {
  try {
    const info = first(await api.get<PlanInfoPayload[]>('users/plan', { workspace: false }));
    const session = getSession();
    if (session && (session.plan?.plan_id !== info.plan.plan_id || session.plan?.end_date !== info.plan.end_date)) {
      updateSession({ plan: info.plan });
    }
    return info;
  } catch (err) {
    if (!(isApiError(err) && err.cancelled)) updateSession({ plan: null, addons: [] });
    throw err;
  }
}

/** POST emails/subscription/notification?type=...: the request is stored and sales is e-mailed. */
export async function requestSubscription(type: SubscriptionRequestType): Promise<void> {
  await api.post('emails/subscription/notification', undefined, { query: { type }, workspace: false });
}

/** GET subscriptions/renew-trial, then renews the session so flags and plan follow (the caller reloads). */
export async function renewTrial(): Promise<void> {
  await api.get('subscriptions/renew-trial', { workspace: false });
  const current = getSession();
  const res = await api.get<SessionPayload[]>('users/auth', { query: { renew: true, workspace_id: current?.workspaceId }, workspace: false });
  startSession(first(res), { remember: current?.remember ?? true, sso: current?.sso });
}
