import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { MSG, SignupBody } from '@fm/domain';
import { renderWithProviders } from '../../test/render';
import { NewPasswordFields } from '.';

function Harness() {
  return (
    <Form>
      <NewPasswordFields rule={SignupBody.shape.password} />
      <Button htmlType="submit">Enviar</Button>
    </Form>
  );
}

describe('NewPasswordFields', () => {
  it('checks the password with its schema and the repetition against it', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: '123' } });
    fireEvent.change(screen.getByLabelText('Repetir contraseña'), { target: { value: '124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MSG.passwordMinSignup)).toBeInTheDocument();
    expect(await screen.findByText(MSG.passwordsMismatch)).toBeInTheDocument();

    // both left empty count as equal: an optional new password may stay blank
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Repetir contraseña'), { target: { value: '' } });
    await waitFor(() => expect(screen.queryByText(MSG.passwordsMismatch)).toBeNull());
  });
});
