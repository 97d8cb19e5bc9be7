/**
 * Argentine mobile normalisation (DOMAIN.md "Phone", spec doc 1 §5):
 * +54 9 <area code without 0><number without 15>.
 */
export function normalizePhone(input: string): string {
  let d = input.replace(/\D/g, '');
  if (d.startsWith('549')) d = d.slice(3);
  else if (d.startsWith('54')) d = d.slice(2);
  if (d.startsWith('0')) d = d.slice(1);
  // the "15" mobile prefix sits after a 2-4 digit area code; a full number has 10 digits once removed
  if (d.length === 12) {
    for (const areaLen of [2, 3, 4]) {
      if (d.slice(areaLen, areaLen + 2) === '15') {
        d = d.slice(0, areaLen) + d.slice(areaLen + 2);
        break;
      }
    }
  }
  return `+549${d}`;
}

/** +5491112345678 -> 1112345678: what a phone field shows beside its fixed '+54 9' prefix ('' when there is none). */
export function localPhone(phone: string | null | undefined): string {
  return phone ? phone.replace(/^\+549/, '') : '';
}

/** +5491112345678 -> +54 9 11 1234-5678 (best effort for display). */
export function formatPhone(phone: string): string {
  const m = /^\+549(\d+)$/.exec(phone);
  if (!m) return phone;
  const rest = m[1];
  if (rest.length !== 10) return `+54 9 ${rest}`;
  const area = rest.startsWith('11') ? rest.slice(0, 2) : rest.slice(0, 3);
  const num = rest.slice(area.length);
  return `+54 9 ${area} ${num.slice(0, num.length - 4)}-${num.slice(-4)}`;
}
