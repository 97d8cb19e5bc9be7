import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import { AppProviders } from '../../app';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { testQueryClient } from '../../test/render';
import RecipeRequestModal from './components/recipe-request-modal';

const ON = flags(['home', 'work_orders', 'agro_recipes']);

const ORDER = {
  work_order_id: 42,
  company: { company_id: 2, name: 'Agro SA', is_an_agreement: false, partners: [] },
  farm: { farm_id: 3, name: 'La Loma' },
  labor: { labor_id: 1, name: 'Pulverización terrestre' },
  field_crops: [
    { field_crop_id: 7, field: { field_id: 1, name: 'El Bajo', hectares: '50.00' }, crop: { crop_id: 1, name: 'Soja' }, hectares_to_apply: '50.00' },
    { field_crop_id: 8, field: { field_id: 2, name: 'La Loma', hectares: '30.00' }, crop: null, hectares_to_apply: '30.00' },
  ],
  supplies: [{ supply_id: 9, supply: { supply_id: 9, name: 'Glifosato', generic: { name: 'Glifosato' } } }],
};

function renderModal(element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/orden-de-trabajo'] });
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('prescription request (spec doc 2 §3, §5, §9)', () => {
  it('starts with every lot and supply and the spec defaults, refuses no lot, and sends the request', async () => {
    signIn({ flags: ON });
    const api = mockApi((url, init) => {
      const path = url.pathname.replace('/fm/v1/', '');
      if (path === 'work-orders' && url.searchParams.get('work_order_id') === '42') return { body: envelope([ORDER]) };
      if (path === 'work-orders/recipes' && init?.method === 'POST') return { status: 201, body: { success: true, status: 201, data: [{ recipe_id: 1, number: 'RA-00000001', status: 'Emitida' }], message: '¡Receta solicitada!' } };
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const onClose = vi.fn();
    renderModal(<RecipeRequestModal workOrder={{ work_order_id: 42 }} onClose={onClose} />);

    expect(await screen.findByRole('checkbox', { name: 'El Bajo · Soja · 50,00 ha' }, { timeout: 10_000 })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Glifosato (Glifosato)' })).toBeChecked();
    expect(screen.getByLabelText('Recomendaciones')).toHaveValue('Utilizar elementos de protección personal');
    expect(screen.getByLabelText('Período de reingreso: cantidad')).toHaveValue('10');

    // no lot: the rule's message, nothing sent
    fireEvent.click(screen.getByRole('checkbox', { name: 'El Bajo · Soja · 50,00 ha' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'La Loma · 30,00 ha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    expect(await screen.findByText('Seleccioná al menos 1 lote.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.init?.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('checkbox', { name: 'La Loma · 30,00 ha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Solicitar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const post = api.calls.find((c) => c.init?.method === 'POST');
    expect(post?.url.searchParams.get('work_order_id')).toBe('42');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      recommendations: 'Utilizar elementos de protección personal',
      use_restrictions: { grace_period: { quantity: 10, unit: 1 }, reentry_period: { quantity: 10, unit: 1 }, ventilation_period: { quantity: 10, unit: 1 } },
      field_crop_ids: [8],
      supply_ids: [9],
    });
    expect(await screen.findByText('¡Receta solicitada!')).toBeInTheDocument();
  }, 60_000);
});
