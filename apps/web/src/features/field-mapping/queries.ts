import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mergeSessionUser } from '../../session/session-store';
import { profileKeys } from '../profile/queries';
import { synchronizeUser } from './api';
import { syncPlots, type PlotRef } from './sync-plots';

/**
 * Synchronises the user with Ambientaciones. The token goes into the stored session too, so the menu entry shows
 * without waiting for the next sign-in (the spec's toast still asks to sign in again: other tabs keep the old one).
 */
export function useSynchronizeUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: synchronizeUser,
    onSuccess: async (result) => {
      mergeSessionUser({ field_mapping_token: result.field_mapping_token });
      await client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

/** Pushes a set of plots (a work order's) and reports how many went through. */
export function useSyncPlots() {
  return useMutation({ mutationFn: (plots: readonly PlotRef[]) => syncPlots(plots) });
}
