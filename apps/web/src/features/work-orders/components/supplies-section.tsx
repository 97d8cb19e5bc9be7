import { Button, Form, InputNumber, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { doseTotal, formatNumber } from '@fm/domain';
import { DecimalInput } from '../../../components/form';
import { SupplyPicker, type PickedSupply } from '../../../components/supply-picker';
import { useUnits } from '../../inventory/queries';
import { quantity } from '../../inventory/format';
import { useSupplyStocks } from '../queries';
import type { FormValues, SupplyValues } from '../form-values';
import styles from './work-orders.module.css';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

function StockSelect({ name, supplyId, disabled }: { name: number; supplyId: number | undefined; disabled?: boolean }) {
  const stocks = useSupplyStocks(supplyId);
  return (
    <Form.Item name={[name, 'stock_id']}>
      <Select
        aria-label="Stock"
        placeholder={supplyId ? 'Sin stock' : 'Elegí el insumo'}
        allowClear
        disabled={disabled || !supplyId}
        loading={stocks.isLoading}
        optionLabelProp="title"
        options={(stocks.data ?? []).map((s) => ({
          value: s.stock_id,
          title: `${s.warehouse.name} (${quantity(s.quantity)} ${s.unit.name})`,
          label: (
            <div>
              <div>{s.warehouse.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {s.company.name} · hay {quantity(s.quantity)} {s.unit.name}
              </Typography.Text>
            </div>
          ),
        }))}
      />
    </Form.Item>
  );
}

type Props = { haTotal: string; readOnly?: boolean; onSupply?: (index: number, supply: PickedSupply | undefined) => void };

/** Insumos (spec doc 2 §2.7): supply, unit, dose (5 decimals), price, fill order and the stock it comes from. */
export function SuppliesSection({ haTotal, readOnly, onSupply }: Props) {
  const form = Form.useFormInstance<FormValues>();
  // preserve: the rows keep supply_label, which no field holds
  const rows = (Form.useWatch('supplies', { form, preserve: true }) ?? []) as SupplyValues[];
  const units = useUnits();
  const unitOptions = (units.data ?? []).map((u) => ({ value: u.unit_id, label: u.name }));
  const usedIds = rows.map((r) => r?.supply_id).filter((id): id is number => typeof id === 'number');

  return (
    <Form.List name="supplies">
      {(items, { add, remove }) => (
        <div>
          <div className={`${styles.rowsHeader} ${styles.supplyGrid}`}>
            <span>Insumo</span>
            <span>Unidad</span>
            <span>Dosis</span>
            <span>Precio ($)</span>
            <span>Orden de carga</span>
            <span>Stock</span>
            <span>Total</span>
            <span />
          </div>
          {items.map((item, index) => {
            const row = rows[index] ?? {};
            const unitName = unitOptions.find((u) => u.value === row.unit_id)?.label ?? '';
            return (
              <div key={item.key} className={`${styles.rowBlock} ${styles.supplyGrid}`} data-testid="supply-row">
                <div>
                  <span className={styles.cellLabel}>Insumo</span>
                  <Form.Item name={[item.name, 'supply_id']}>
                    <SupplyPicker
                      aria-label="Insumo"
                      usedIds={usedIds}
                      valueLabel={row.supply_label}
                      disabled={readOnly}
                      onChange={(id, supply) => {
                        form.setFieldValue(['supplies', item.name], {
                          ...row,
                          supply_id: id,
                          supply_label: supply?.name,
                          unit_id: supply?.unit?.unit_id ?? row.unit_id ?? null,
                          stock_id: null,
                        });
                        onSupply?.(index, supply);
                      }}
                    />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Unidad</span>
                  <Form.Item name={[item.name, 'unit_id']}>
                    <Select aria-label="Unidad" placeholder="Unidad" disabled={readOnly} options={unitOptions} showSearch={SEARCH_BY_LABEL} />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Dosis</span>
                  <Form.Item name={[item.name, 'dose_to_apply']}>
                    <DecimalInput aria-label="Dosis" decimals={5} min={0} disabled={readOnly} style={{ width: '100%' }} />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Precio ($)</span>
                  <Form.Item name={[item.name, 'price']}>
                    <DecimalInput aria-label="Precio insumo" decimals={2} min={0} disabled={readOnly} style={{ width: '100%' }} />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Orden de carga</span>
                  <Form.Item name={[item.name, 'fill_order']}>
                    <InputNumber aria-label="Orden de carga" min={1} max={99} precision={0} disabled={readOnly} style={{ width: '100%' }} />
                  </Form.Item>
                </div>
                <div>
                  <span className={styles.cellLabel}>Stock</span>
                  <StockSelect name={item.name} supplyId={row.supply_id} disabled={readOnly} />
                </div>
                <div className={styles.computed}>
                  <span className={styles.cellLabel}>Total</span>
                  <span data-testid="dose-total">{row.supply_id ? `${formatNumber(doseTotal(row.dose_to_apply ?? 0, haTotal), 3)} ${unitName}` : '-'}</span>
                </div>
                {!readOnly && <Button type="text" danger icon={<DeleteOutlined />} aria-label="Quitar insumo" onClick={() => remove(item.name)} />}
              </div>
            );
          })}
          {!readOnly && (
            <Button icon={<PlusOutlined />} onClick={() => add({})}>
              Agregar insumo
            </Button>
          )}
        </div>
      )}
    </Form.List>
  );
}
