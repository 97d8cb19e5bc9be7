import { KEEPS_STOCK_USED, WORK_ORDER_MSG, WORK_ORDER_STATUS, WORK_ORDER_STATUS_IDS, type WorkOrderStatusId } from '@fm/domain';
import { AppError, conflict, invalid } from '../../http/errors';

/**
 * Row rules of work orders as pure functions (CONVENTIONS "A module is one folder"): what may change an order now,
 * which statuses a workspace may use, and what a status change does to the stock the order uses.
 */

/** A disabled order is read-only (doc 2 §4): edits and status changes answer 409. */
export function assertEditable(order: { deleted_at: Date | null }): void {
  if (order.deleted_at !== null) throw conflict(WORK_ORDER_MSG.disabledReadOnly);
}

/**
 * The status the path names, allowed in this workspace: 8 (Certificada) only where CERTIFIED_STATUS_WORKSPACES lists
 * it (doc 2 §4: workspace 11223); 3 (Realizada) only with the day the labor was done.
 */
export function assertStatusChange(statusId: number, workspaceId: number, certifiedWorkspaces: readonly number[], laborDate: string | null): WorkOrderStatusId {
  if (!WORK_ORDER_STATUS_IDS.includes(statusId as WorkOrderStatusId)) throw invalid('status_id', WORK_ORDER_MSG.statusInvalid);
  if (statusId === WORK_ORDER_STATUS.CERTIFIED && !certifiedWorkspaces.includes(workspaceId)) throw new AppError('VALIDATION', WORK_ORDER_MSG.certifiedUnavailable, [{ loc: ['path', 'status_id'], msg: WORK_ORDER_MSG.certifiedUnavailable }]);
  if (statusId === WORK_ORDER_STATUS.DONE && !laborDate) throw invalid('labor_date', WORK_ORDER_MSG.dateRequired);
  return statusId as WorkOrderStatusId;
}

export type StockEffect = 'consume' | 'release' | 'none';

/**
 * What a status change does to the order's stock: entering 3 consumes it (unless already used); moving to anything but
 * 3, 4, 5 or 8 while used gives it back; everything else leaves it as it is.
 */
export function stockEffect(to: WorkOrderStatusId, used: boolean): StockEffect {
  if (to === WORK_ORDER_STATUS.DONE) return used ? 'none' : 'consume';
  if (used && !KEEPS_STOCK_USED.includes(to)) return 'release';
  return 'none';
}

/** Restoring an order whose status holds used stock (it was released when disabled) uses it again. */
export const restoreConsumes = (statusId: number) => KEEPS_STOCK_USED.includes(statusId as WorkOrderStatusId);
