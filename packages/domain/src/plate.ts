/**
 * Truck plates (DOMAIN.md "Identifiers and formats"): the 1995–2016 format AAA123 and the
 * Mercosur format AA123AA since 2016. Stored upper case without spaces or dashes.
 */
const OLD_FORMAT = /^[A-Z]{3}\d{3}$/;
const MERCOSUR_FORMAT = /^[A-Z]{2}\d{3}[A-Z]{2}$/;

export function normalizePlate(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidPlate(input: string): boolean {
  const plate = normalizePlate(input);
  return OLD_FORMAT.test(plate) || MERCOSUR_FORMAT.test(plate);
}

export const PLATE_MESSAGE = 'La patente no es válida: usá el formato AAA123 o AA123AA';
