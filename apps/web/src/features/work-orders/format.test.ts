import { describe, expect, it } from 'vitest';
import { formatDateTimeAr } from './format';

describe('formatDateTimeAr (history times, spec doc 2 §2.7: 3 hours earlier than UTC)', () => {
  it('shows dd/mm/yyyy HH:mm in Argentina time, crossing midnight backwards', () => {
    expect(formatDateTimeAr('2026-11-27T14:05:00Z')).toBe('27/11/2026 11:05');
    expect(formatDateTimeAr('2026-11-27T01:30:00.000Z')).toBe('26/11/2026 22:30');
    expect(formatDateTimeAr(null)).toBe('');
  });
});
