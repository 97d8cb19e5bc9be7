import { useState } from 'react';
import { Badge, Button, Input, Popover, Select, Space, Typography } from 'antd';
import { DeleteOutlined, FilterOutlined, PlusOutlined } from '@ant-design/icons';
import { DecimalInput } from '../form/decimal-input';
import { CONDITIONS, activeRowCount } from './build-filters';
import type { FilterField, FilterRow } from './types';
import styles from './data-table.module.css';

type Props = {
  fields: readonly FilterField[];
  value: FilterRow[];
  onChange: (rows: FilterRow[]) => void;
};

let seq = 0;
function newRow(): FilterRow {
  seq += 1;
  return { id: `f${Date.now().toString(36)}${seq}` };
}

function RowEditor({ row, fields, onChange, onRemove }: {
  row: FilterRow;
  fields: readonly FilterField[];
  onChange: (row: FilterRow) => void;
  onRemove: () => void;
}) {
  const def = fields.find((f) => f.field === row.field);
  const conditions = def ? CONDITIONS[def.type] : [];
  return (
    <div className={styles.filterRow} data-testid="filter-row">
      <Select
        aria-label="Campo"
        placeholder="Campo"
        value={row.field}
        options={fields.map((f) => ({ value: f.field, label: f.label }))}
        onChange={(field: string) => {
          const type = fields.find((f) => f.field === field)?.type ?? 'string';
          onChange({ ...row, field, condition: CONDITIONS[type][0].value, value: undefined });
        }}
        className={styles.filterField}
      />
      <Select
        aria-label="Condición"
        placeholder="Condición"
        value={row.condition}
        options={conditions}
        disabled={!def}
        onChange={(condition) => onChange({ ...row, condition })}
        className={styles.filterCondition}
      />
      {def?.type === 'number' ? (
        <DecimalInput
          aria-label="Valor"
          placeholder="Valor"
          value={typeof row.value === 'number' ? row.value : null}
          onChange={(v) => onChange({ ...row, value: typeof v === 'number' ? v : null })}
          className={styles.filterValue}
        />
      ) : (
        <Input
          aria-label="Valor"
          placeholder="Valor"
          value={typeof row.value === 'string' ? row.value : ''}
          disabled={!def}
          onChange={(e) => onChange({ ...row, value: e.target.value })}
          className={styles.filterValue}
          maxLength={200}
        />
      )}
      <Button type="text" icon={<DeleteOutlined />} aria-label="Quitar condición" onClick={onRemove} />
    </div>
  );
}

/** Condition rows (field, condition, value) that become the AND part of `filters`; empty values do not apply. */
export function FilterBuilder({ fields, value, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<FilterRow[]>(value);
  const active = activeRowCount(value, fields);

  const onOpenChange = (next: boolean) => {
    if (next) setDraft(value.length > 0 ? value : [newRow()]);
    setOpen(next);
  };
  const apply = () => {
    onChange(draft.filter((r) => r.field));
    setOpen(false);
  };
  const clear = () => {
    setDraft([newRow()]);
    onChange([]);
    setOpen(false);
  };

  const content = (
    <div className={styles.filterPanel}>
      {draft.length === 0 && <Typography.Text type="secondary">Sin condiciones</Typography.Text>}
      {draft.map((row) => (
        <RowEditor
          key={row.id}
          row={row}
          fields={fields}
          onChange={(next) => setDraft((rows) => rows.map((r) => (r.id === row.id ? next : r)))}
          onRemove={() => setDraft((rows) => rows.filter((r) => r.id !== row.id))}
        />
      ))}
      <div className={styles.filterActions}>
        <Button icon={<PlusOutlined />} onClick={() => setDraft((rows) => [...rows, newRow()])}>
          Agregar condición
        </Button>
        <Space>
          <Button onClick={clear}>Limpiar</Button>
          <Button type="primary" onClick={apply}>
            Aplicar
          </Button>
        </Space>
      </div>
    </div>
  );

  return (
    <Popover content={content} title="Filtros" trigger="click" open={open} onOpenChange={onOpenChange} placement="bottomLeft">
      <Badge count={active} size="small">
        <Button icon={<FilterOutlined />}>Filtros</Button>
      </Badge>
    </Popover>
  );
}
