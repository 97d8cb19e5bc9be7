import { useState } from 'react';
import { WORK_ORDER_STATUS } from '@fm/domain';
import { isApiError, formatApiError } from '../../api/errors';
import { confirm, confirmAction, toast } from '../../components/feedback';
import { workOrdersApi } from './api';
import { useWorkOrderMutations } from './queries';
import { WO_TEXT } from './texts';
import { withStockConfirm } from './stock-confirm';

type Order = { work_order_id: number };

/** The commands an order offers in the list and in the detail (PDF, disable / enable, Pasar a creada). */
export function useOrderCommands() {
  const { disable, restore, changeStatus } = useWorkOrderMutations();
  const [downloading, setDownloading] = useState<number | null>(null);

  const pdf = async (o: Order) => {
    setDownloading(o.work_order_id);
    try {
      await workOrdersApi.pdf(o.work_order_id);
    } catch (error) {
      toast.warning(isApiError(error) ? formatApiError(error) : WO_TEXT.pdfFailed);
    } finally {
      setDownloading(null);
    }
  };

  /** Resolves true when the order was disabled. */
  const disableOrder = (o: Order): Promise<boolean> =>
    confirmAction({
      confirm: { title: WO_TEXT.confirmDisable(o.work_order_id), content: WO_TEXT.confirmDisableBody, danger: true, okText: 'Deshabilitar' },
      run: () => disable.mutateAsync(o.work_order_id),
      success: WO_TEXT.disabled,
    });

  const restoreOrder = async (o: Order): Promise<boolean> => {
    if (!(await confirm({ title: WO_TEXT.confirmEnable(o.work_order_id), okText: 'Habilitar' }))) return false;
    try {
      const message = await withStockConfirm((confirmStock) => restore.mutateAsync({ id: o.work_order_id, confirmStock }));
      if (message === null) return false;
      toast.success(message ?? WO_TEXT.restored);
      return true;
    } catch (error) {
      toast.apiError(error);
      return false;
    }
  };

  /** Pasar a creada: 7 → 1 (spec doc 2 §2.6, §4). */
  const toCreated = async (o: Order): Promise<boolean> => {
    if (!(await confirm({ title: WO_TEXT.confirmToCreated(o.work_order_id) }))) return false;
    try {
      await changeStatus.mutateAsync({ id: o.work_order_id, body: { status_id: WORK_ORDER_STATUS.UNDELIVERED } });
      toast.success(WO_TEXT.statusChanged);
      return true;
    } catch (error) {
      toast.warning(isApiError(error) ? formatApiError(error) : WO_TEXT.statusFailed, WO_TEXT.statusFailed);
      return false;
    }
  };

  return { pdf, downloading, disableOrder, restoreOrder, toCreated };
}
