import { expect } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';

/** Picks an option of an antd Select once it is enabled and its options are loaded (a lower picker waits for the one above). */
export async function pickOption(label: string, option: string, scope: HTMLElement = document.body): Promise<void> {
  const input = within(scope).getByLabelText(label);
  await waitFor(() => expect(input).not.toBeDisabled());
  const item = await waitFor(() => {
    fireEvent.mouseDown(input);
    const items = document.querySelectorAll<HTMLElement>(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${option}"]`);
    expect(items.length).toBeGreaterThan(0);
    return items[items.length - 1];
  });
  fireEvent.click(item);
}
