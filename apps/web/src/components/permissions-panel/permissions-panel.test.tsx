import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { defaultPermissions, MODULE_LABELS } from '@fm/domain';
import { PermissionsPanel } from './permissions-panel';

const box = (label: string) => screen.getByRole('checkbox', { name: label });

describe('PermissionsPanel (spec doc 1 §2.9, §5)', () => {
  it('shows 13 skeleton rows while loading', () => {
    render(<PermissionsPanel permissions={undefined} loading onSave={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByTestId('permissions-loading').children).toHaveLength(13);
  });

  it('locks the base modules on, saves the checked modules, Habilitar todo checks everything', () => {
    const onSave = vi.fn();
    const stored = defaultPermissions().map((p) => (p.module === 'livestock' ? { ...p, read: true } : p));
    render(<PermissionsPanel permissions={stored} loading={false} onSave={onSave} onCancel={vi.fn()} />);
    expect(box(MODULE_LABELS.seasons)).toBeChecked();
    expect(box(MODULE_LABELS.seasons)).toBeDisabled();
    expect(box(MODULE_LABELS.livestock)).toBeChecked();
    expect(box(MODULE_LABELS.costs)).not.toBeChecked();
    fireEvent.click(box(MODULE_LABELS.costs));
    fireEvent.click(box(MODULE_LABELS.livestock));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const saved = onSave.mock.calls[0][0] as string[];
    expect(saved).toContain('costs');
    expect(saved).toContain('seasons');
    expect(saved).not.toContain('livestock');

    fireEvent.click(screen.getByRole('button', { name: 'Habilitar todo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSave.mock.calls[1][0]).toHaveLength(14);
  });

  it("shows the owner's permissions all checked and locked, with nothing to save", () => {
    const onCancel = vi.fn();
    render(<PermissionsPanel permissions={defaultPermissions()} loading={false} owner onSave={vi.fn()} onCancel={onCancel} />);
    expect(box(MODULE_LABELS.reports)).toBeChecked();
    expect(box(MODULE_LABELS.reports)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
