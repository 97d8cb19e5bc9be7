import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button } from 'antd';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../../api/errors';
import { confirmAction } from '.';

afterEach(() => vi.restoreAllMocks());

type Props = { run: () => Promise<unknown>; after?: () => unknown; alwaysSuccessText?: boolean };

function DeleteButton({ run, after, alwaysSuccessText }: Props) {
  const onClick = () =>
    void confirmAction({
      confirm: { title: '¿Eliminar el depósito Central?', content: 'Esta acción no se puede deshacer.', danger: true },
      run,
      success: 'Depósito eliminado',
      alwaysSuccessText,
      after,
    });
  return <Button onClick={onClick}>Eliminar</Button>;
}

async function askAndAnswer(answer: 'Aceptar' | 'Cancelar') {
  fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
  expect(await screen.findByRole('dialog', { name: '¿Eliminar el depósito Central?' })).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: answer }));
}

describe('confirmAction (confirm → delete → toast)', () => {
  it('on Aceptar runs the delete once and shows the server message, then what follows', async () => {
    const run = vi.fn().mockResolvedValue('Eliminado correctamente');
    const after = vi.fn();
    renderWithProviders(<DeleteButton run={run} after={after} />);
    await askAndAnswer('Aceptar');
    expect(await screen.findByText('Eliminado correctamente')).toBeInTheDocument();
    expect(run).toHaveBeenCalledTimes(1);
    expect(after).toHaveBeenCalledTimes(1);
  });

  it('shows its own success text when the call answers no message, or when the screen keeps its fixed text', async () => {
    const first = renderWithProviders(<DeleteButton run={() => Promise.resolve(undefined)} />);
    await askAndAnswer('Aceptar');
    expect(await screen.findByText('Depósito eliminado')).toBeInTheDocument();
    first.unmount();

    renderWithProviders(<DeleteButton run={() => Promise.resolve('Eliminado correctamente')} alwaysSuccessText />);
    await askAndAnswer('Aceptar');
    expect(await screen.findAllByText('Depósito eliminado')).not.toHaveLength(0);
    expect(screen.queryByText('Eliminado correctamente')).not.toBeInTheDocument();
  });

  it('on Cancelar deletes nothing and says nothing', async () => {
    const run = vi.fn().mockResolvedValue('Eliminado correctamente');
    renderWithProviders(<DeleteButton run={run} />);
    await askAndAnswer('Cancelar');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(run).not.toHaveBeenCalled();
    expect(screen.queryByText('Eliminado correctamente')).not.toBeInTheDocument();
    expect(screen.queryByText('Depósito eliminado')).not.toBeInTheDocument();
  });

  it("a refused delete shows the API's Spanish message and no success, and nothing follows", async () => {
    const after = vi.fn();
    renderWithProviders(<DeleteButton run={() => Promise.reject(new ApiError(409, 'No se puede eliminar el depósito: tiene stock'))} after={after} />);
    await askAndAnswer('Aceptar');
    expect(await screen.findByText(/No se puede eliminar el depósito: tiene stock/)).toBeInTheDocument();
    expect(screen.getByText(/\(409\)/)).toBeInTheDocument();
    expect(screen.queryByText('Depósito eliminado')).not.toBeInTheDocument();
    expect(after).not.toHaveBeenCalled();
  });
});
