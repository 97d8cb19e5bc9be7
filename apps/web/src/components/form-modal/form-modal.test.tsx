import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { ApiError } from '../../api/errors';
import { renderWithProviders } from '../../test/render';
import { FormModal } from '.';

type Values = { name?: string };
const initial: Values = { name: 'Lote Norte' };

function Harness({ onSave, onClose }: { onSave: (v: Values) => Promise<{ message?: string }>; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <FormModal form={form} name="lote" title="Editar lote" open initialValues={initial} onSave={onSave} saving={false} onClose={onClose}>
      <Form.Item name="name" label="Nombre" rules={[{ required: true, message: 'El nombre es requerido' }]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

describe('FormModal', () => {
  it('opens with the initial values; a rule failure neither saves nor closes', async () => {
    const onSave = vi.fn(async () => ({}));
    const onClose = vi.fn();
    renderWithProviders(<Harness onSave={onSave} onClose={onClose} />);
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Lote Norte');
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre es requerido')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('puts a 422 under its field and stays open; a success toasts the answer and closes', async () => {
    const answers: (() => Promise<{ message?: string }>)[] = [
      () => Promise.reject(new ApiError(422, 'Datos inválidos', [{ loc: ['body', 'name'], msg: 'Ya existe un lote con ese nombre' }])),
      () => Promise.resolve({ message: 'Editado correctamente' }),
    ];
    const onSave = vi.fn((_v: Values) => (answers.shift() ?? answers[0])());
    const onClose = vi.fn();
    renderWithProviders(<Harness onSave={onSave} onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Lote Sur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe un lote con ese nombre')).toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith({ name: 'Lote Sur' });
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Editado correctamente')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
