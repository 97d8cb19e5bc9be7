import { useState } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { WORK_ORDER_STATUS, WORK_ORDER_STATUSES } from '@fm/domain';
import { formatApiError, isApiError } from '../../../api/errors';
import { DateInput, requiredRule, warnValidation } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useStatuses, useWorkOrderMutations } from '../queries';
import { WO_TEXT } from '../texts';
import { withStockConfirm } from '../stock-confirm';

type Values = { status_id: number; labor_date?: Dayjs | null; observations?: string };
export type StatusTarget = { work_order_id: number; status_id: number; labor_date?: string | null };

/**
 * Cambiar estado (spec doc 2 §4): any status; Realizada needs a date ('Debe seleccionar una fecha.'). When the supplies
 * would use more than a stock holds, the server answers 409 and the user confirms to use what there is.
 */
export function StatusModal({ target, onClose, onChanged }: { target: StatusTarget | null; onClose: () => void; onChanged?: () => void }) {
  const [form] = Form.useForm<Values>();
  const { changeStatus } = useWorkOrderMutations();
  const [sending, setSending] = useState(false);
  const statusId = Form.useWatch('status_id', form);
  const statuses = useStatuses();

  const send = async (values: Values, confirmStock: boolean): Promise<boolean> => {
    if (!target) return false;
    await changeStatus.mutateAsync({
      id: target.work_order_id,
      body: {
        status_id: values.status_id,
        labor_date: values.status_id === WORK_ORDER_STATUS.DONE && values.labor_date ? values.labor_date.format('YYYY-MM-DD') : null,
        observations: values.observations?.trim() || null,
        ...(confirmStock ? { confirm_stock: true } : {}),
      },
    });
    return true;
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch (info) {
      warnValidation(info as Parameters<typeof warnValidation>[0]);
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    // the date field may not be drawn yet when Realizada was picked an instant ago
    if (values.status_id === WORK_ORDER_STATUS.DONE && !values.labor_date) {
      toast.warning(WO_TEXT.dateRequired);
      return;
    }
    setSending(true);
    try {
      const done = await withStockConfirm((confirmStock) => send(values, confirmStock));
      if (done === null) return;
      toast.success(WO_TEXT.statusChanged);
      onChanged?.();
      onClose();
    } catch (error) {
      toast.warning(isApiError(error) ? formatApiError(error) : WO_TEXT.statusFailed, WO_TEXT.statusFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={Boolean(target)}
      title={target ? `Cambiar estado de la orden ${target.work_order_id}` : 'Cambiar estado'}
      okText="Guardar"
      cancelText="Cancelar"
      confirmLoading={sending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="work-order-status" preserve={false} initialValues={{ status_id: target?.status_id }}>
        <Form.Item name="status_id" label="Estado" required>
          <Select aria-label="Estado" loading={statuses.isLoading} options={(statuses.data ?? WORK_ORDER_STATUSES).map((s) => ({ value: s.status_id, label: s.name }))} />
        </Form.Item>
        {statusId === WORK_ORDER_STATUS.DONE && (
          <Form.Item name="labor_date" label="Fecha de realización" rules={[requiredRule(WO_TEXT.dateRequired)]}>
            <DateInput aria-label="Fecha de realización" style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="observations" label="Observaciones">
          <Input.TextArea aria-label="Observaciones del estado" rows={2} maxLength={1000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
