import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AppNotification } from '@fm/domain';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const note = (id: number, readed: string | null = null): AppNotification => ({
  notification_id: id,
  title: `Aviso ${id}`,
  body: `Texto ${id}`,
  datetimecreate: '2026-11-21T15:00:00Z',
  readed,
  action: id === 100 ? { type: 'navigate-to', params: { web: '/mi-perfil' } } : null,
});

afterEach(() => vi.unstubAllGlobals());

/** A server with `count` unread notifications; POST marks one read. */
function server(count: number) {
  const read = new Set<number>();
  const all = () => Array.from({ length: count }, (_, i) => note(count - i, read.has(count - i) ? '2026-11-21T16:00:00Z' : null));
  return mockApi((url, init) => {
    if (url.pathname !== '/fm/v1/notifications/web') return undefined;
    if (init?.method === 'POST') {
      read.add(Number(url.searchParams.get('notification_id')));
      return { body: envelope([], { unread_count: count - read.size }) };
    }
    const unreadOnly = url.searchParams.get('unread') === 'true';
    const rows = all().filter((n) => !unreadOnly || n.readed === null);
    const perPage = Number(url.searchParams.get('per_page') ?? 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    return { body: envelope(rows.slice((page - 1) * perPage, page * perPage), { unread_count: count - read.size, total: rows.length, page, per_page: perPage }) };
  });
}

describe('notifications (spec doc 1 §2.5, §4)', () => {
  it('caps the bell badge at 99+, lists the latest 3 unread, and marking one read on /notificaciones updates the bell', async () => {
    signIn();
    const api = server(100);
    vi.stubGlobal('fetch', api.fetchMock);
    renderApp('/notificaciones');
    const bell = await screen.findByLabelText('Notificaciones', { selector: 'button' }, { timeout: 10_000 });
    await waitFor(() => expect(within(bell).getByText('99+')).toBeInTheDocument());

    // role queries over a whole table are slow in jsdom: find the label text and click its button
    const rows = await screen.findAllByText('Marcar como leída', {}, { timeout: 10_000 });
    expect(screen.getAllByText('21 de noviembre').length).toBeGreaterThan(0);
    fireEvent.click(rows[0].closest('button') ?? rows[0]);
    // antd renders each digit in its own node; the badge's title carries the count
    await waitFor(() => expect(bell.querySelector('sup')?.getAttribute('title')).toBe('99'));
    expect(api.calls.some((c) => c.init?.method === 'POST' && c.url.searchParams.get('notification_id') === '100')).toBe(true);

    fireEvent.click(bell);
    expect((await screen.findAllByText('Aviso 99')).length).toBeGreaterThan(1);
    expect(screen.getByText('¡Mirá todas!').closest('a')).toHaveAttribute('href', '/notificaciones');
  }, 60_000);

  it('shows ¡Sin notificaciones! when nothing is unread', async () => {
    signIn();
    vi.stubGlobal('fetch', server(0).fetchMock);
    renderApp('/home');
    fireEvent.click(await screen.findByLabelText('Notificaciones', { selector: 'button' }, { timeout: 10_000 }));
    expect(await screen.findByText('¡Sin notificaciones!')).toBeInTheDocument();
  }, 60_000);
});
