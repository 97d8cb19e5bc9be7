import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import { NOTE_MSG, type Note } from '@fm/domain';
import { AppProviders } from '../../app';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import NotesPage from './pages/notes-page';
import NoteFormPage from './pages/note-form-page';

afterEach(() => vi.unstubAllGlobals());

function renderPage(element: ReactElement, path: string, pattern = '*') {
  const router = createMemoryRouter([{ path: pattern, element }, { path: '*', element: <div>otra</div> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const note = (id: number, extra: Partial<Note> = {}): Note => ({
  note_id: id,
  title: `Nota ${id}`,
  text: 'Texto',
  farm_id: 5,
  farm_name: 'La Esperanza',
  field_id: 8,
  field_name: 'Lote 1',
  attachments: [{ note_attachment_id: 1, file_id: 40, url: '/fm/v1/files/40', original_name: 'analisis.pdf', content_type: 'application/pdf', size_bytes: 60 }],
  created_at: '2026-11-20T15:00:00Z',
  updated_at: '2026-11-20T15:00:00Z',
  ...extra,
});

function server() {
  return mockApi((url, init) => {
    const path = url.pathname.replace('/fm/v1/', '');
    const method = init?.method ?? 'GET';
    if (path === 'notes' && method === 'GET') {
      const rows = url.searchParams.get('note_id') ? [note(3)] : [note(3), note(4, { farm_id: null, farm_name: null, field_id: null, field_name: null, attachments: [] })];
      return { body: envelope(rows, { total: rows.length, page: 1, per_page: 10 }) };
    }
    if (path === 'notes' && method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { title: string };
      if (!body.title) return { status: 422, body: { success: false, status: 422, data: null, message: NOTE_MSG.titleRequired, detail: [{ loc: ['body', 'title'], msg: NOTE_MSG.titleRequired }] } };
      return { status: 201, body: { ...envelope([note(9, { title: body.title })]), status: 201, message: NOTE_MSG.created } };
    }
    if (path === 'farms') return { body: envelope([{ farm_id: 5, name: 'La Esperanza', fields: [{ field_id: 8, name: 'Lote 1' }] }]) };
    return undefined;
  });
}

describe('notas (issue 12 §6)', () => {
  it('lists title, Establecimiento/Lote, date and attachments with Editar and Eliminar', async () => {
    signIn({ flags: flags(['home', 'notes']) });
    vi.stubGlobal('fetch', server().fetchMock);
    renderPage(<NotesPage />, '/notas');
    const row = (await screen.findByText('Nota 3', {}, { timeout: 10_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('La Esperanza / Lote 1')).toBeInTheDocument();
    expect(within(row).getByText('20/11/2026')).toBeInTheDocument();
    expect(within(row).getByLabelText('Adjuntos')).toBeInTheDocument();
    expect(within(row).getByLabelText('Editar')).toBeInTheDocument();
    const other = screen.getByText('Nota 4').closest('tr') as HTMLElement;
    expect(within(other).getAllByText('—').length).toBe(2);
    expect(screen.getByRole('button', { name: /Nueva nota/ })).toBeInTheDocument();
  }, 30_000);

  it('the form asks for the title before anything is sent', async () => {
    signIn({ flags: flags(['home', 'notes']) });
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderPage(<NoteFormPage />, '/notas/nueva', '/notas/nueva');
    fireEvent.click(await screen.findByRole('button', { name: 'Guardar' }, { timeout: 10_000 }));
    expect(await screen.findByText(NOTE_MSG.titleRequired)).toBeInTheDocument();
    expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(false);
  }, 30_000);

  it('edit lists the existing attachment with download and delete', async () => {
    signIn({ flags: flags(['home', 'notes']) });
    vi.stubGlobal('fetch', server().fetchMock);
    renderPage(<NoteFormPage />, '/notas/3/editar', '/notas/:note_id/editar');
    expect(await screen.findByText('analisis.pdf', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Descargar analisis.pdf')).toBeInTheDocument();
    expect(screen.getByLabelText('Eliminar analisis.pdf')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Título')).toHaveValue('Nota 3'));
  }, 30_000);
});
