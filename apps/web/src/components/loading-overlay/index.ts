export { LoadingOverlay } from './loading-overlay';
export { trackRequest, cancelAll, withOverlay } from './overlay-store';
