import { describe, expect, it } from 'vitest';
import * as domain from './index';
import { breaksVoseo } from './voice';

function strings(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (!value || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.values(value).flatMap((v) => strings(v, seen));
}

describe('one Spanish voice', () => {
  it('our own messages use voseo; only the spec texts keep the usted form', () => {
    expect(strings(domain).filter(breaksVoseo)).toEqual([]);
  });
  it('tells the usted forms from voseo and from a third person', () => {
    for (const s of ['Seleccione un lote', 'Debe indicar el tipo', 'Demasiados intentos. Espere unos minutos', 'La patente no es válida: use el formato']) expect(breaksVoseo(s)).toBe(true);
    for (const s of ['Seleccioná un lote', 'Indicá el tipo', 'Esperá unos minutos', 'usá el formato', 'El nombre debe tener al menos 3 caracteres', 'Usuarios']) expect(breaksVoseo(s)).toBe(false);
    expect(breaksVoseo('Debe seleccionar una localidad')).toBe(false);
  });
});
