import { describe, expect, it } from 'vitest';
import { MonitoringBody, NoteBody, RainBody, RainEventsQuery, campaignMonths } from './index';

const msgs = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

describe('RainBody', () => {
  it('keeps one decimal and accepts a comma', () => {
    expect(RainBody.parse({ farm_id: 3, date: '2025-10-02', millimeters: '12,46' })).toEqual({ farm_id: 3, field_id: null, date: '2025-10-02', millimeters: '12.5', observations: null });
    expect(RainBody.parse({ farm_id: '3', field_id: '', date: '2025-10-02T10:00:00Z', millimeters: 0, observations: '  ok ' }).observations).toBe('ok');
  });
  it('answers our Spanish messages', () => {
    expect(msgs(RainBody.safeParse({}))).toEqual(['Seleccioná el establecimiento', 'Ingresá la fecha', 'Ingresá los milímetros']);
    expect(msgs(RainBody.safeParse({ farm_id: 1, date: '2025-02-30', millimeters: 500.1 }))).toEqual(['La fecha no es válida (AAAA-MM-DD)', 'Los milímetros deben estar entre 0 y 500']);
    expect(msgs(RainBody.safeParse({ farm_id: 1, date: '2025-02-03', millimeters: -1 }))).toEqual(['Los milímetros deben estar entre 0 y 500']);
    expect(msgs(RainBody.safeParse({ farm_id: 1, date: '2025-02-03', millimeters: 'mucho' }))).toEqual(['El número no es válido']);
    expect(RainBody.parse({ farm_id: 1, date: '2025-02-03', millimeters: '500' }).millimeters).toBe('500.0');
  });
});

describe('campaign months', () => {
  it('run July to June', () => {
    const c = campaignMonths('2025/26');
    expect(c.months[0]).toBe('2025-07');
    expect(c.months[11]).toBe('2026-06');
    expect([c.from, c.to]).toEqual(['2025-07-01', '2026-06-30']);
    expect(RainEventsQuery.safeParse({ campaign: '2025/27' }).success).toBe(false);
  });
});

describe('MonitoringBody', () => {
  it('checks adversities, point and stage', () => {
    const r = MonitoringBody.safeParse({
      farm_id: 1,
      field_id: 2,
      date: '2025-12-01',
      stage_id: 4,
      latitude: '-34.5',
      adversities: [
        { adversity_id: 1, incidence: '101', severity: 3 },
        { adversity_id: 2, incidence: 10, severity: 6 },
        { adversity_id: 2, incidence: 10, severity: 2 },
      ],
    });
    expect(msgs(r)).toEqual([
      'La incidencia debe estar entre 0 y 100 %',
      'La severidad debe estar entre 1 y 5',
    ]);
    const ok = MonitoringBody.safeParse({ farm_id: 1, field_id: 2, date: '2025-12-01', stage_id: 4, latitude: '-34.5', adversities: [{ adversity_id: 2, incidence: 10, severity: 2 }, { adversity_id: 2, incidence: 1, severity: 1 }] });
    expect(msgs(ok)).toEqual(['Ingresá la latitud y la longitud del punto', 'Seleccioná el cultivo de la etapa', 'La adversidad ya está cargada en este monitoreo']);
    // photos are uploaded to the saved record (POST monitorings/photos): a body's file ids are not part of it
    expect(MonitoringBody.parse({ farm_id: 1, field_id: 2, date: '2025-12-01', photos: [5, 5, 6] })).not.toHaveProperty('photos');
  });
});

describe('NoteBody', () => {
  it('requires title and text', () => {
    expect(msgs(NoteBody.safeParse({ title: ' ', text: '' }))).toEqual(['Ingresá el título', 'Ingresá el texto de la nota']);
    expect(NoteBody.parse({ title: 'Visita', text: 'Todo bien', field_id: 3 })).toEqual({ title: 'Visita', text: 'Todo bien', farm_id: null, field_id: 3 });
  });
});
