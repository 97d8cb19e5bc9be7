/** CUIT / CUIL check (DOMAIN.md "Identifiers and formats"). */
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
const PREFIXES = ['20', '23', '24', '27', '30', '33', '34'];

export function normalizeTaxId(input: string): string {
  return input.replace(/[\s-]/g, '');
}

export function isValidCuit(input: string): boolean {
  const digits = normalizeTaxId(input);
  if (!/^\d{11}$/.test(digits)) return false;
  if (!PREFIXES.includes(digits.slice(0, 2))) return false;
  const sum = WEIGHTS.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const r = 11 - (sum % 11);
  if (r === 10) return false;
  const check = r === 11 ? 0 : r;
  return Number(digits[10]) === check;
}

/** 20123456789 -> 20-12345678-9 */
export function formatCuit(digits: string): string {
  const d = normalizeTaxId(digits);
  return d.length === 11 ? `${d.slice(0, 2)}-${d.slice(2, 10)}-${d.slice(10)}` : d;
}

export const CUIT_MESSAGE = 'El CUIT/CUIL no es válido: revisá los 11 dígitos y el dígito verificador';
