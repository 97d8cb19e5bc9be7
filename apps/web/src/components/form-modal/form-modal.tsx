import { useEffect, type ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';
import { applyServerErrors } from '../form/apply-server-errors';
import { toast } from '../feedback/toast';

export type FormModalProps<V> = {
  form: FormInstance<V>;
  /** The form's name, which prefixes its fields' ids. */
  name: string;
  title: string;
  open: boolean;
  /** What the form shows each time it opens (and when they change while open): keep them stable, e.g. with useMemo. */
  initialValues: Parameters<FormInstance<V>['setFieldsValue']>[0];
  /** Sends the validated values; the answer's message is the success toast. */
  onSave: (values: V) => Promise<{ message?: string }>;
  saving: boolean;
  /** Cancel, and after a save unless `onSaved` is given. */
  onClose: () => void;
  onSaved?: (values: V) => void;
  width?: number;
  children: ReactNode;
};

/**
 * The create / edit dialog of a record: Guardar validates and saves, a success toasts the server's message and
 * closes, a 422 puts its messages under the fields and keeps the dialog open. Enter in a field saves too.
 */
export function FormModal<V>({ form, name, title, open, initialValues, onSave, saving, onClose, onSaved, width, children }: FormModalProps<V>) {
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues);
  }, [open, initialValues, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      toast.success((await onSave(values)).message ?? 'Guardado');
    } catch (error) {
      applyServerErrors(form, error);
      return;
    }
    if (onSaved) onSaved(values);
    else onClose();
  };

  return (
    <Modal open={open} title={title} okText="Guardar" cancelText="Cancelar" onOk={() => void submit()} onCancel={onClose} confirmLoading={saving} forceRender width={width}>
      <Form form={form} layout="vertical" name={name} onFinish={() => void submit()}>
        {children}
      </Form>
    </Modal>
  );
}
