import { Button, Form, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DateInput, DecimalInput } from '../../../components/form';
import { SupplyPicker } from '../../../components/supply-picker';
import { useUnits } from '../queries';
import styles from './inventory.module.css';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

/** One supply row of the entry form (dates as dayjs while editing). */
export type EntryRowValues = {
  supply_id?: number;
  supply_label?: string;
  unit_id?: number;
  quantity?: number | null;
  price?: number | null;
  exchange_rate?: number | null;
  expiration_date?: Dayjs | null;
};

type Props = {
  /** Row messages from the last save attempt ('falta completar ...'), by row index. */
  rowErrors: Record<number, string>;
  defaultExchangeRate: number | null;
  /** Agregar on a stock: the row's supply and unit are that stock's. */
  lockedSupply?: boolean;
};

/** Rows of supply, unit, quantity, price, exchange rate and expiration (spec doc 2 §3 "Stock-in form"). */
export function EntryRows({ rowErrors, defaultExchangeRate, lockedSupply }: Props) {
  const units = useUnits();
  const form = Form.useFormInstance();
  const rows = (Form.useWatch('supplies', form) ?? []) as EntryRowValues[];
  const usedIds = rows.map((r) => r?.supply_id).filter((id): id is number => typeof id === 'number');
  const unitOptions = (units.data ?? []).map((u) => ({ value: u.unit_id, label: u.name }));

  return (
    <Form.List name="supplies">
      {(items, { add, remove }) => (
        <div>
          <div className={styles.rowsHeader}>
            <span>Insumo</span>
            <span>Unidad</span>
            <span>Cantidad</span>
            <span>Precio ($)</span>
            <span>Tipo de cambio</span>
            <span>Vencimiento</span>
            <span />
          </div>
          {items.map((item, index) => (
            <div key={item.key} className={styles.rowBlock} data-testid="entry-row">
              <div className={styles.rowGrid}>
                <Form.Item name={[item.name, 'supply_id']} noStyle>
                  <SupplyPicker
                    aria-label="Insumo"
                    usedIds={usedIds}
                    valueLabel={rows[index]?.supply_label}
                    disabled={lockedSupply}
                    status={rowErrors[index]?.includes('Insumo') ? 'error' : undefined}
                    onChange={(id, supply) => {
                      const current = (form.getFieldValue(['supplies', item.name]) ?? {}) as EntryRowValues;
                      form.setFieldValue(['supplies', item.name], {
                        ...current,
                        supply_id: id,
                        supply_label: supply?.name,
                        unit_id: supply?.unit?.unit_id ?? current.unit_id,
                      });
                    }}
                  />
                </Form.Item>
                <Form.Item name={[item.name, 'unit_id']} noStyle>
                  <Select options={unitOptions} placeholder="Unidad" aria-label="Unidad" disabled={lockedSupply} showSearch={SEARCH_BY_LABEL} />
                </Form.Item>
                <Form.Item name={[item.name, 'quantity']} noStyle>
                  <DecimalInput decimals={3} min={0} placeholder="Cantidad" aria-label="Cantidad" style={{ width: '100%' }} status={rowErrors[index]?.includes('Cantidad') ? 'error' : undefined} />
                </Form.Item>
                <Form.Item name={[item.name, 'price']} noStyle>
                  <DecimalInput decimals={2} min={0} placeholder="Precio" aria-label="Precio" style={{ width: '100%' }} status={rowErrors[index]?.includes('Precio') ? 'error' : undefined} />
                </Form.Item>
                <Form.Item name={[item.name, 'exchange_rate']} noStyle>
                  <DecimalInput decimals={2} min={0} placeholder="Tipo de cambio" aria-label="Tipo de cambio" style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name={[item.name, 'expiration_date']} noStyle>
                  <DateInput aria-label="Vencimiento" style={{ width: '100%' }} />
                </Form.Item>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label="Quitar insumo" disabled={items.length === 1 || lockedSupply} onClick={() => remove(item.name)} />
              </div>
              {rowErrors[index] && (
                <Typography.Text type="danger" className={styles.rowError}>
                  {rowErrors[index]}
                </Typography.Text>
              )}
            </div>
          ))}
          {!lockedSupply && (
            <Button icon={<PlusOutlined />} onClick={() => add({ exchange_rate: defaultExchangeRate })} style={{ marginTop: 8 }}>
              Agregar insumo
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
