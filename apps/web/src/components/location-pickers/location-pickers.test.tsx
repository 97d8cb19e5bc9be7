import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { envelope, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { pickOption as pick } from '../../test/antd';
import { LocationPickers, type LocationValues } from '.';

const GEO: Record<string, Record<string, { id: number; name: string }[]>> = {
  country_id: { '1': [{ id: 6, name: 'Buenos Aires' }, { id: 14, name: 'Córdoba' }] },
  state_id: { '6': [{ id: 623, name: 'Pergamino' }], '14': [{ id: 140, name: 'Río Cuarto' }] },
  district_id: { '623': [{ id: 4321, name: 'Pergamino' }], '140': [{ id: 5000, name: 'Río Cuarto' }] },
};
const ID_OF: Record<string, string> = { country_id: 'state_id', state_id: 'district_id', district_id: 'city_id' };

function server() {
  return mockApi((url) => {
    if (url.pathname !== '/fm/v1/geo-locations') return undefined;
    const [param, value] = [...url.searchParams].find(([k]) => k in GEO) ?? [];
    if (!param || !value) return undefined;
    return { body: envelope((GEO[param][value] ?? []).map((r) => ({ [ID_OF[param]]: r.id, name: r.name }))) };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('LocationPickers', () => {
  it('loads each level from the one above, and a new province clears district and locality', async () => {
    signIn();
    vi.stubGlobal('fetch', server().fetchMock);
    let read: () => LocationValues = () => ({});
    function Harness() {
      const [form] = Form.useForm<LocationValues>();
      read = () => form.getFieldsValue();
      return (
        <Form form={form}>
          <LocationPickers />
        </Form>
      );
    }
    renderWithProviders(<Harness />);
    expect(screen.getByLabelText('Partido o departamento')).toBeDisabled();
    await pick('Provincia', 'Buenos Aires');
    await pick('Partido o departamento', 'Pergamino');
    await pick('Localidad', 'Pergamino');
    await waitFor(() => expect(read()).toEqual({ province_id: 6, district_id: 623, city_id: 4321 }));

    await pick('Provincia', 'Córdoba');
    await waitFor(() => expect(read()).toEqual({ province_id: 14, district_id: undefined, city_id: undefined }));
    await waitFor(() => expect(screen.getByLabelText('Localidad')).toBeDisabled());
  });
});
