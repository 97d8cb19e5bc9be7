import { useSyncExternalStore } from 'react';
import { can, type Action, type Feature, type Module } from '@fm/domain';
import { getSession, isFeatureOn, subscribeSession, type Session } from './session-store';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Hides what the server would refuse (CONVENTIONS "Web"); the server still decides. */
export function useCan(module: Module, action: Action = 'read'): boolean {
  const session = useSession();
  return can(session?.permission, module, action);
}

export function useFlag(feature: Feature): boolean {
  return isFeatureOn(useSession(), feature);
}

export function useCurrentWorkspace() {
  const session = useSession();
  if (!session) return null;
  return session.user.workspaces.find((w) => w.workspace_id === session.workspaceId) ?? null;
}
