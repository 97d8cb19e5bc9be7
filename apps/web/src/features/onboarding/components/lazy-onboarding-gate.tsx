import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../../session/hooks';

const OnboardingGate = lazy(() => import('./onboarding-gate').then((m) => ({ default: m.OnboardingGate })));

/**
 * The onboarding offer with its setup form, pickers and tour, loaded only for a user who has not finished
 * onboarding. Decided once on mount, as the gate itself does: finishing it renews the session
 * (onboarding_completed) while its congratulations modal and tour are still to be shown.
 */
export function LazyOnboardingGate() {
  const session = useSession();
  const [wanted] = useState(() => Boolean(session && !session.user.onboarding_completed));
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <OnboardingGate />
    </Suspense>
  );
}
