import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { FieldCrop } from '@fm/domain';
import { emptyValues, type FormValues } from './form-values';
import { checkWorkOrder } from './validation';

const plot: FieldCrop = {
  field_crop_id: 11,
  season_plan_id: 5,
  field_id: 3,
  field: { field_id: 3, name: 'El Bajo', hectares: 40, deleted_at: null },
  crop_id: 1,
  crop_name: 'Soja',
  crop_sequence_id: 2,
  crop_sequence_name: 'Primera',
  hectares: 25.5,
};

function filled(): FormValues {
  return {
    ...emptyValues(1050, dayjs('2026-11-26')),
    season_plan_id: 5,
    labor_id: 2,
    price: 38,
    field_crops: [{ field_crop_id: 11, hectares_to_apply: 25.5, crop_id: 1, crop_sequence_id: 2 }],
    supplies: [{ supply_id: 9, unit_id: 1, dose_to_apply: 1.5, price: 10, stock_id: 4 }, {}],
  };
}

describe('checkWorkOrder (spec doc 2 §5 through the domain WorkOrderBody)', () => {
  it('an empty order answers the spec messages, each under its field', () => {
    const r = checkWorkOrder(emptyValues(null), []);
    expect(r.messages).toEqual([
      'Debe seleccionar un Establecimiento.',
      'Debe seleccionar una Labor.',
      'Debe ingresar Tipo de cambio.',
      'Lotes: Los campos Lote y Hectáreas son obligatorios.',
    ]);
    const names = r.fields.map((f) => f.name.join('.'));
    expect(names).toEqual(expect.arrayContaining(['season_plan_id', 'labor_id', 'exchange_rate', 'field_crops.0.field_crop_id']));
  });

  it('a supply with an id needs dose and price; an empty supply row is not sent', () => {
    const v = filled();
    v.supplies = [{}, { supply_id: 9, unit_id: 1, dose_to_apply: null, price: 10 }];
    const r = checkWorkOrder(v, [plot]);
    expect(r.messages).toEqual(['Insumos: Los campos de Dosis y Precio son obligatorios.']);
    // the message lands on the form's row 1 (row 0 was blank and is not sent)
    expect(r.fields[0]?.name).toEqual(['supplies', 1, 'dose_to_apply']);
    expect(r.payload.supplies).toHaveLength(1);
  });

  it('refuses more hectares than the plot has', () => {
    const v = filled();
    v.field_crops = [{ field_crop_id: 11, hectares_to_apply: 26 }];
    const r = checkWorkOrder(v, [plot]);
    expect(r.messages).toEqual(['Las hectáreas a aplicar no pueden superar las del lote.']);
    expect(r.fields[0]?.name).toEqual(['field_crops', 0, 'hectares_to_apply']);
  });

  it('a complete order passes and goes with dose at 5 decimals, prices at 2 and calendar dates', () => {
    const r = checkWorkOrder(filled(), [plot], 7);
    expect(r.messages).toEqual([]);
    expect(r.payload).toMatchObject({
      season_plan_id: 5,
      labor_id: 2,
      price: '38.00',
      exchange_rate: '1050.00',
      labor_start_date: '2026-11-26',
      labor_end_date: '2026-11-29',
      status_id: 7,
      field_crops: [{ field_crop_id: 11, hectares_to_apply: '25.50', crop_id: 1, crop_sequence_id: 2, stage_id: null }],
      supplies: [{ supply_id: 9, unit_id: 1, dose_to_apply: '1.50000', price: '10.00', fill_order: null, stock_id: 4 }],
      adversities: [],
    });
  });
});
