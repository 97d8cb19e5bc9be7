import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import type { ImportedBoundary } from '@fm/domain';
import { mockApi, signIn } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PlotsEditor, type PlotValue } from './plots-editor';

const square: ImportedBoundary = {
  name: 'Lote KML',
  hectares: 100.01,
  boundary: { type: 'Polygon', coordinates: [[[-59.13, -37.32], [-59.118, -37.32], [-59.118, -37.311], [-59.13, -37.311], [-59.13, -37.32]]] },
};

function Harness({ onValues, plots = [] }: { onValues: (v: PlotValue[]) => void; plots?: PlotValue[] }) {
  const [form] = Form.useForm();
  return (
    <Form form={form} initialValues={{ fields: plots }} onValuesChange={() => onValues(form.getFieldsValue(true).fields as PlotValue[])}>
      <PlotsEditor />
    </Form>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PlotsEditor', () => {
  it('imports a KML through POST fields/boundary and adds a plot with the computed area beside its hectares', async () => {
    signIn();
    const api = mockApi((url) => (url.pathname === '/fm/v1/fields/boundary' ? { body: { success: true, status: 200, data: [square] } } : undefined));
    vi.stubGlobal('fetch', api.fetchMock);
    let values: PlotValue[] = [];
    const { container } = renderWithProviders(<Harness onValues={(v) => (values = v)} />);
    expect(screen.getByText('Sin lotes')).toBeInTheDocument();

    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<kml/>'], 'lote.kml', { type: 'application/vnd.google-earth.kml+xml' })] } });

    expect(await screen.findByText('Contorno: 100,01 ha')).toBeInTheDocument();
    expect(screen.getByDisplayValue('Lote KML')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Contorno del lote' })).toBeInTheDocument();
    const call = api.calls.find((c) => c.url.pathname === '/fm/v1/fields/boundary');
    expect(call?.init?.method).toBe('POST');
    expect(call?.init?.body).toBeInstanceOf(FormData);
    expect(call?.url.searchParams.get('workspace_id')).toBe('3');
    await waitFor(() => expect(values[0]).toMatchObject({ name: 'Lote KML', hectares: 100.01, boundary_hectares: 100.01 }));
  });

  it('says when a plot was last sent to Ambientaciones, and nothing for a plot never sent', () => {
    signIn();
    const sent: PlotValue = { field_id: 1, name: 'Lote Norte', hectares: 100, boundary: square.boundary, boundary_hectares: 100.01, field_mapping_synced_at: '2026-11-20T14:30:00.000Z' };
    const never: PlotValue = { field_id: 2, name: 'Lote Sur', hectares: 50, boundary: square.boundary, boundary_hectares: 50 };
    renderWithProviders(<Harness onValues={() => undefined} plots={[sent, never]} />);
    expect(screen.getAllByText(/^Contorno:/)).toHaveLength(2);
    expect(screen.getAllByText(/Enviado a Ambientaciones/)).toHaveLength(1);
    expect(screen.getByText('Enviado a Ambientaciones el 20/11/2026')).toBeInTheDocument();
  });

  it('shows the server refusal of a file that is not KML or KMZ', async () => {
    signIn();
    const api = mockApi(() => ({ status: 400, body: { success: false, status: 400, data: null, message: 'El archivo debe ser KML o KMZ' } }));
    vi.stubGlobal('fetch', api.fetchMock);
    const { container } = renderWithProviders(<Harness onValues={() => undefined} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hola'], 'foto.kml')] } });
    expect(await screen.findByText(/El archivo debe ser KML o KMZ/)).toBeInTheDocument();
    expect(screen.getByText('Sin lotes')).toBeInTheDocument();
  });
});
