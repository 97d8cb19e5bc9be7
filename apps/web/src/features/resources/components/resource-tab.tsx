import { useMemo, useState } from 'react';
import { Button, Select, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { FilterCond } from '@fm/domain';
import { DataTable, loadTableState, saveTableState, type DataColumn, type TableState } from '../../../components/data-table';
import { useCan } from '../../../session/hooks';
import { RowActions, recordActions } from '../../../components/row-actions';
import type { ResourceScope } from '../api';
import { useResourceMutations, useResourceScope } from '../queries';
import type { QuickFilter, ResourceConfig, Row } from '../resource-config';
import { ResourceFormModal } from './resource-form-modal';
import { useOptionSource } from './use-option-source';

type QuickValue = string | number | boolean | undefined;
type NamedRow = Row & { active: boolean; name: string };

function QuickFilterSelect({ filter, scope, value, onChange }: { filter: QuickFilter; scope: ResourceScope; value: QuickValue; onChange: (v: QuickValue) => void }) {
  const { options, loading } = useOptionSource(filter.options, scope);
  // antd Select values must be strings or numbers: booleans travel as 'true' / 'false'
  const selectOptions = options.map((o) => ({ value: String(o.value), label: o.label }));
  return (
    <Select
      allowClear
      style={{ minWidth: 170 }}
      placeholder={filter.label}
      aria-label={filter.label}
      loading={loading}
      options={selectOptions}
      value={value === undefined ? undefined : String(value)}
      onChange={(v?: string) => {
        const original = options.find((o) => String(o.value) === v);
        onChange(original?.value);
      }}
    />
  );
}

/**
 * One master-data list (spec doc 3 "Master data screens"): DataTable with search, filters and
 * paging; Crear; row actions Editar, Activar/Desactivar (sends the inverse) and Eliminar.
 * The owner of the workspace manages the whole account (scope=account) and its sharing.
 */
export function ResourceTab({ config }: { config: ResourceConfig }) {
  const scope = useResourceScope();
  const canCreate = useCan('resources', 'create');
  const { save, remove } = useResourceMutations<Row>(config.path, config.idParam, scope);
  const [editing, setEditing] = useState<{ record: Row | null } | null>(null);
  const [quick, setQuick] = useState<Record<string, QuickValue>>({});
  const stateKey = `resources-${config.key}`;
  // A new quick filter starts on page 1: the table restores its saved state when it remounts (key below).
  const changeQuick = (field: string, value: QuickValue) => {
    const saved = loadTableState(stateKey);
    if (saved) saveTableState(stateKey, { ...saved, page: 1 } as TableState);
    setQuick((q) => ({ ...q, [field]: value }));
  };

  const baseFilters = useMemo<FilterCond[]>(
    () =>
      Object.entries(quick)
        .filter(([, v]) => v !== undefined)
        .map(([field, value]) => ({ field, condition: 'is', value: value as string | number | boolean })),
    [quick],
  );

  const { toggle, onDelete } = recordActions<NamedRow>({ save, remove }, `el ${config.noun}`, (row) => Number(row[config.idParam]));

  const columns: DataColumn<Row>[] = [
    ...config.columns,
    ...(scope === 'account' && config.shared
      ? [
          {
            title: 'Espacios de trabajo',
            dataIndex: 'workspaces',
            render: (ws: unknown) =>
              Array.isArray(ws) && ws.length ? (ws as { workspace_id: number; name: string }[]).map((w) => <Tag key={w.workspace_id}>{w.name}</Tag>) : '—',
          },
        ]
      : []),
    {
      title: 'Acciones',
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <RowActions
          module="resources"
          active={Boolean(row.active)}
          onEdit={() => setEditing({ record: row })}
          onToggle={() => void toggle(row as NamedRow)}
          onDelete={() => void onDelete(row as NamedRow)}
        />
      ),
    },
  ];

  return (
    <>
      <DataTable<Row>
        key={JSON.stringify(quick)}
        stateKey={stateKey}
        resource={config.path}
        columns={columns}
        rowKey={(row) => Number(row[config.idParam])}
        searchFields={config.searchFields}
        searchPlaceholder="Buscar por nombre"
        filterFields={config.filterFields}
        baseFilters={baseFilters}
        extraQuery={scope === 'account' ? { scope: 'account' } : undefined}
        toolbar={
          <Space wrap>
            {config.quickFilters.map((f) => (
              <QuickFilterSelect key={f.field} filter={f} scope={scope} value={quick[f.field]} onChange={(v) => changeQuick(f.field, v)} />
            ))}
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })}>
                Crear {config.noun}
              </Button>
            )}
          </Space>
        }
      />
      <ResourceFormModal config={config} scope={scope} record={editing?.record ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
