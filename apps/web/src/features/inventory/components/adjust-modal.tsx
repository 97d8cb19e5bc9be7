import { useMemo } from 'react';
import { Form, Input, Typography } from 'antd';
import { DecimalInput, requiredRule } from '../../../components/form';
import { FormModal } from '../../../components/form-modal';
import { quantity, signedQuantity } from '../format';
import { useInventoryMutations } from '../queries';
import { INV_MSG } from '../texts';
import type { Stock } from '../types';

type Values = { quantity?: number | null; observations?: string };

/** Ajustar: records the counted quantity; the server keeps the signed difference (ADJUSTMENT). */
export function AdjustModal({ stock, onClose }: { stock: Stock | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { adjustStock } = useInventoryMutations();
  const counted = Form.useWatch('quantity', form);
  const initialValues = useMemo<Values>(() => ({ quantity: stock ? Number(stock.quantity) : null, observations: '' }), [stock]);
  const difference = stock && typeof counted === 'number' ? counted - Number(stock.quantity) : null;
  return (
    <FormModal
      form={form}
      name="adjust-form"
      title="Ajustar stock"
      open={stock !== null}
      initialValues={initialValues}
      onSave={async (v) => ({
        message: await adjustStock.mutateAsync({ stock_destiny_id: stock?.stock_id ?? 0, quantity: v.quantity ?? 0, observations: v.observations?.trim() || null }),
      })}
      saving={adjustStock.isPending}
      onClose={onClose}
    >
      {stock && (
        <Typography.Paragraph>
          <strong>{stock.supply.name}</strong> · {stock.warehouse.name} · {stock.company.name}
          <br />
          Stock actual: {quantity(stock.quantity)} {stock.unit.name}
        </Typography.Paragraph>
      )}
      <Form.Item
        name="quantity"
        label="Cantidad contada"
        rules={[requiredRule(INV_MSG.countedRequired)]}
        extra={difference !== null && Number.isFinite(difference) ? `Diferencia: ${signedQuantity(Math.round(difference * 1e5) / 1e5)} ${stock?.unit.name ?? ''}` : undefined}
      >
        <DecimalInput decimals={3} min={0} style={{ width: '100%' }} aria-label="Cantidad contada" />
      </Form.Item>
      <Form.Item name="observations" label="Observaciones">
        <Input.TextArea maxLength={1000} rows={3} aria-label="Observaciones" />
      </Form.Item>
    </FormModal>
  );
}
