import { lazy, Suspense } from 'react';
import type { RecipeRequestModalProps } from './recipe-request-modal';

const Modal = lazy(() => import('./recipe-request-modal'));

/** The request modal, loaded when first opened; renders nothing while `workOrder` is null. */
export function RecipeRequestModal(props: RecipeRequestModalProps) {
  if (!props.workOrder) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
