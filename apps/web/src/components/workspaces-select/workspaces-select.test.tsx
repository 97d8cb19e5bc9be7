import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { useDefaultWorkspaces, WorkspacesSelect } from '.';

function Harness() {
  const initial = useDefaultWorkspaces();
  return (
    <Form initialValues={{ workspaces: initial }}>
      <WorkspacesSelect />
    </Form>
  );
}

describe('WorkspacesSelect', () => {
  it('offers only the workspaces the user owns and starts with the current one when owned', async () => {
    signIn();
    renderWithProviders(<Harness />);
    // the current workspace (3, owned) is preselected
    expect(screen.getByTitle('La Esperanza')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Espacios de trabajo'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    expect(screen.queryByTitle('Campo vecino')).toBeNull();
  });

  it('starts empty in a workspace shared with the user', () => {
    signIn({ session: { workspaceId: 9 } });
    renderWithProviders(<Harness />);
    expect(screen.queryByTitle('La Esperanza')).toBeNull();
  });
});
