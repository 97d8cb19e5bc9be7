import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { LoadingOverlay } from './loading-overlay';
import { trackRequest } from './overlay-store';

describe('LoadingOverlay', () => {
  it('shows CARGANDO... while a request runs, CANCELAR after 10 s, and cancelling aborts it', () => {
    vi.useFakeTimers();
    try {
      render(<LoadingOverlay />);
      expect(screen.queryByText('CARGANDO...')).toBeNull();
      const controller = new AbortController();
      act(() => {
        trackRequest(controller);
      });
      expect(screen.getByText('CARGANDO...')).toBeInTheDocument();
      expect(screen.queryByText('CANCELAR')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      fireEvent.click(screen.getByText('CANCELAR'));
      expect(controller.signal.aborted).toBe(true);
      expect(screen.queryByText('CARGANDO...')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
