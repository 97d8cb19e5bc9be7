import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { ApiError } from '../../api/errors';
import { applyServerErrors } from './apply-server-errors';

describe('applyServerErrors', () => {
  it('puts 422 detail messages under the matching fields', async () => {
    let form: FormInstance | undefined;
    function Probe() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f}>
          <Form.Item name="email" label="Email">
            <Input />
          </Form.Item>
        </Form>
      );
    }
    render(<Probe />);
    const err = new ApiError(422, 'Datos inválidos', [{ loc: ['body', 'email'], msg: 'Ya existe una cuenta con ese email' }]);
    let applied = false;
    await act(async () => {
      if (form) applied = applyServerErrors(form, err);
    });
    expect(applied).toBe(true);
    expect(await screen.findByText('Ya existe una cuenta con ese email')).toBeInTheDocument();
  });
});
