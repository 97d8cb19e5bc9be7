export { FeedbackBridge } from './feedback-bridge';
export { toast } from './toast';
export { confirm, type ConfirmOptions } from './confirm';
export { confirmAction, type ConfirmActionOptions } from './confirm-action';
