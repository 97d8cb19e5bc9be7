import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import { AppProviders } from '../../app';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import MonitoringsPage from './pages/monitorings-page';
import MonitoringFormPage from './pages/monitoring-form-page';
import { adversityLabel } from './texts';
import type { Monitoring } from '@fm/domain';

const ON = flags(['home', 'monitoring']);

function renderAt(element: ReactElement, route: string, path: string) {
  const router = createMemoryRouter([{ path: route, element }, { path: '*', element: <div>otra</div> }], { initialEntries: [path] });
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const monitoring: Monitoring = {
  monitoring_id: 7,
  date: '2026-03-05',
  farm_id: 1,
  farm_name: 'La Esperanza',
  field_id: 11,
  field_name: 'Lote 1',
  crop_id: 1,
  crop_name: 'Soja',
  stage_id: 3,
  stage_name: 'V3',
  latitude: -37.3125,
  longitude: -59.135,
  recommendation: 'Volver en 7 días',
  observations: null,
  adversities: [
    { monitoring_adversity_id: 1, adversity_id: 7, name: 'Chinche', adversity_type: 'plaga', incidence: 12.5, severity: 2 },
    { monitoring_adversity_id: 2, adversity_id: 14, name: 'Roya', adversity_type: 'enfermedad', incidence: 5, severity: 4 },
  ],
  photos: [],
  created_at: '2026-03-05T12:00:00Z',
};

function server() {
  return mockApi((url, init) => {
    const path = url.pathname.replace('/fm/v1/', '');
    const method = init?.method ?? 'GET';
    if (path === 'monitorings' && method === 'DELETE') return { body: { ...envelope([]), message: 'Monitoreo eliminado' } };
    if (path === 'monitorings' && method === 'PUT') return { body: { ...envelope([monitoring]), message: 'Monitoreo actualizado' } };
    if (path === 'monitorings') return { body: envelope([monitoring], { total: 1, page: 1, per_page: 10 }) };
    if (path === 'farms') return { body: envelope([{ farm_id: 1, name: 'La Esperanza', active: true, fields: [{ field_id: 11, farm_id: 1, name: 'Lote 1', hectares: 50, active: true }] }]) };
    if (path === 'crops') return { body: envelope([{ crop_id: 1, name: 'Soja' }]) };
    if (path === 'crops/stages') return { body: envelope([{ stage_id: 3, crop_id: 1, name: 'V3' }]) };
    if (path === 'adversities') return { body: envelope([{ adversity_id: 7, name: 'Chinche', adversity_type: 'plaga' }, { adversity_id: 14, name: 'Roya', adversity_type: 'enfermedad' }]) };
    return undefined;
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('monitorings screens', () => {
  it('labels an adversity with its incidence and severity', () => {
    expect(adversityLabel({ name: 'Chinche', incidence: 12.5, severity: 2 })).toBe('Chinche 12,5 % / 2');
    expect(adversityLabel({ name: 'Roya', incidence: 5, severity: 4 })).toBe('Roya 5 % / 4');
  });

  it('lists date dd/mm/yyyy, names, adversities and photos; Eliminar asks first and sends the id', async () => {
    signIn({ flags: ON });
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderAt(<MonitoringsPage />, '/monitoreos', '/monitoreos');
    const cell = await screen.findByText('05/03/2026', undefined, { timeout: 10_000 });
    const row = cell.closest('tr') as HTMLElement;
    for (const t of ['La Esperanza', 'Lote 1', 'Soja', 'V3', 'Chinche 12,5 % / 2', 'Roya 5 % / 4']) expect(within(row).getByText(t)).toBeInTheDocument();
    expect(within(row).getByLabelText('0 fotos')).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(api.calls.some((c) => c.init?.method === 'DELETE' && c.url.searchParams.get('monitoring_id') === '7')).toBe(true));
  }, 150_000);

  it('edit loads the record and PUT sends the fields and the adversity rows', async () => {
    signIn({ flags: ON });
    const api = server();
    vi.stubGlobal('fetch', api.fetchMock);
    renderAt(<MonitoringFormPage />, '/monitoreos/:monitoring_id/editar', '/monitoreos/7/editar');
    await waitFor(() => expect(screen.getByLabelText('Latitud')).toHaveValue('-37.3125'), { timeout: 10_000 });
    expect(screen.getByLabelText('Incidencia 1')).toHaveValue('12,5');
    fireEvent.change(screen.getByLabelText('Observaciones'), { target: { value: 'Lote parejo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Quitar adversidad 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(api.calls.some((c) => c.init?.method === 'PUT')).toBe(true));
    const put = api.calls.find((c) => c.init?.method === 'PUT');
    expect(put?.url.searchParams.get('monitoring_id')).toBe('7');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      farm_id: 1,
      field_id: 11,
      date: '2026-03-05',
      crop_id: 1,
      stage_id: 3,
      latitude: '-37.3125',
      longitude: '-59.135',
      recommendation: 'Volver en 7 días',
      observations: 'Lote parejo',
      adversities: [{ adversity_id: 7, incidence: 12.5, severity: 2 }],
    });
    expect(await screen.findByText('otra')).toBeInTheDocument();
  }, 150_000);
});
