import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { RainEvents } from '@fm/domain';
import { RainBars, monthLabel } from './components/rain-bars';
import { campaignOptions } from './pages/rain-events-page';

const events: RainEvents = {
  campaign: '2025/26',
  months: ['2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06'],
  farms: [
    { farm_id: 1, farm_name: 'La Esperanza', monthly: ['0.0', '0.0', '0.0', '33.4', '0.0', '0.0', '0.0', '0.0', '0.0', '0.0', '0.0', '0.0'], total: '33.4', rains: 2 },
    { farm_id: 2, farm_name: 'San Carlos', monthly: ['0.0', '0.0', '0.0', '0.0', '0.0', '0.0', '41.5', '0.0', '0.0', '0.0', '0.0', '0.0'], total: '41.5', rains: 1 },
  ],
  total: '74.9',
};

describe('rain events', () => {
  it('offers the current campaign (July → June) and the five before it', () => {
    expect(campaignOptions(new Date('2026-11-26T12:00:00Z'))).toEqual(['2026/27', '2025/26', '2024/25', '2023/24', '2022/23', '2021/22']);
    expect(campaignOptions(new Date('2026-03-01T12:00:00Z'))[0]).toBe('2025/26');
  });

  it('draws one bar per farm and month, taller where it rained more, with a legend', () => {
    const { container } = render(<RainBars events={events} />);
    const bars = [...container.querySelectorAll('[data-testid="rain-bar"]')];
    expect(bars).toHaveLength(24);
    const heights = bars.map((b) => Number(b.getAttribute('height')));
    expect(heights.filter((h) => h > 0)).toHaveLength(2);
    // San Carlos' January (41.5) is taller than La Esperanza's October (33.4)
    expect(heights[6 * 2 + 1]).toBeGreaterThan(heights[3 * 2]);
    expect(screen.getByText('La Esperanza')).toBeTruthy();
    expect(screen.getByText('San Carlos')).toBeTruthy();
    expect(container.querySelector('title')?.textContent).toBe('La Esperanza — Jul: 0,0 mm');
    expect(monthLabel('2026-01')).toBe('Ene');
  });
});
