import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { renderWithProviders } from '../../test/render';
import { DecimalInput } from '.';

function setup(initial?: number) {
  let read: () => unknown = () => undefined;
  function Harness() {
    const [form] = Form.useForm<{ hectares?: number | null }>();
    read = () => form.getFieldValue('hectares');
    return (
      <Form form={form} initialValues={{ hectares: initial }}>
        <Form.Item name="hectares" label="Hectáreas">
          <DecimalInput />
        </Form.Item>
      </Form>
    );
  }
  renderWithProviders(<Harness />);
  return { input: screen.getByLabelText('Hectáreas'), value: () => read() };
}

/** What a keystroke does: the input knows the user is typing, then its text changes. */
function type(input: HTMLElement, text: string) {
  fireEvent.keyDown(input, { key: text.at(-1) ?? 'Backspace' });
  fireEvent.change(input, { target: { value: text } });
}

describe('DecimalInput', () => {
  it('shows a stored number as the tables do: decimal comma, thousands grouped by dots', () => {
    expect(setup(1234.5).input).toHaveValue('1.234,50');
  });

  it('reads a decimal comma or a decimal point alike, and shows the comma once left', async () => {
    const { input, value } = setup();
    fireEvent.focus(input);
    type(input, '85,5');
    await waitFor(() => expect(value()).toBe(85.5));
    expect(input).toHaveValue('85,5');
    type(input, '85.5');
    await waitFor(() => expect(value()).toBe(85.5));
    fireEvent.blur(input);
    await waitFor(() => expect(input).toHaveValue('85,50'));
  });

  it('reads thousands grouped by dots, and empties the value when cleared', async () => {
    const { input, value } = setup(10);
    fireEvent.focus(input);
    type(input, '1.234,56');
    await waitFor(() => expect(value()).toBe(1234.56));
    type(input, '12.500');
    await waitFor(() => expect(value()).toBe(12500));
    type(input, '');
    await waitFor(() => expect(value()).toBeNull());
  });
});
