import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { Button, Form } from 'antd';
import { MSG, ProfileBody } from '@fm/domain';
import { renderWithProviders } from '../../test/render';
import { PersonFields } from '.';

function Harness() {
  return (
    <Form>
      <PersonFields rules={ProfileBody.shape} required={{ name: MSG.nameMin, last_name: MSG.lastNameMin, phone: MSG.phoneEmpty, occupation: MSG.roleRequired }} />
      <Button htmlType="submit">Enviar</Button>
    </Form>
  );
}

describe('PersonFields', () => {
  it('asks for every field the form requires, and applies the schema to what is typed', async () => {
    renderWithProviders(<Harness />);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Al' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(MSG.nameMin)).toBeInTheDocument();
    expect(await screen.findByText(MSG.lastNameMin)).toBeInTheDocument();
    expect(await screen.findByText(MSG.phoneEmpty)).toBeInTheDocument();
    expect(await screen.findByText(MSG.roleRequired)).toBeInTheDocument();
  });
});
