import { LAND_MSG } from '@fm/domain';

/** The answer of an update: "X activada/desactivada" when the body only toggles active (lists send the inverse). */
export function toggleMessage(body: object, on: string, off: string): string {
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === 'active') return (body as { active?: boolean }).active ? on : off;
  return LAND_MSG.edited;
}
