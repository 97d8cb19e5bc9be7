import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Form, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { DecimalInput } from '../../../components/form';
import { toast } from '../../../components/feedback';
import { useCompanies } from '../../land/queries';
import { DocumentField } from '../components/document-field';
import { StockFormFooter } from '../components/form-footer';
import { quantity } from '../format';
import { useCompanyStocks, useInventoryMutations, useStock, useWarehouses } from '../queries';
import { INV_MSG } from '../texts';
import type { Stock } from '../types';
import { validateMove } from '../validation';
import { useStockIdParam } from '../use-stock-id';
import styles from '../components/inventory.module.css';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type RowValues = { stock_id?: number; quantity?: number | null };
type Values = { company_id?: number; warehouse_id?: number; invoice?: string; delivery_note?: string; observations?: string; stocks?: RowValues[] };

const stockLabel = (s: Stock) => `${s.supply.name} · ${s.warehouse.name} · ${quantity(s.quantity)} ${s.unit.name}`;

/** Movimiento de stock (/inventario/movimiento-stock, optional stock_id): from each row's warehouse to the destination. */
export default function StockMovePage() {
  const navigate = useNavigate();
  const stockId = useStockIdParam();
  const initial = useStock(stockId);
  const [form] = Form.useForm<Values>();
  const companyId = Form.useWatch('company_id', form);
  const destination = Form.useWatch('warehouse_id', form);
  const rows = (Form.useWatch('stocks', form) ?? []) as RowValues[];
  const companies = useCompanies('workspace');
  const warehouses = useWarehouses();
  const stocks = useCompanyStocks(companyId);
  const { moveStock } = useInventoryMutations();
  const [invoiceFile, setInvoiceFile] = useState<File | null>(null);
  const [deliveryFile, setDeliveryFile] = useState<File | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});

  useEffect(() => {
    const s = initial.data;
    if (s) form.setFieldsValue({ company_id: s.company.company_id, stocks: [{ stock_id: s.stock_id }] });
  }, [initial.data, form]);

  const byId = new Map((stocks.data ?? []).map((s) => [s.stock_id, s]));
  if (initial.data) byId.set(initial.data.stock_id, initial.data);
  const used = new Set(rows.map((r) => r?.stock_id).filter(Boolean));

  const save = async () => {
    const values = form.getFieldsValue(true) as Values;
    const messages = validateMove(values, (id) => byId.get(id)?.warehouse.warehouse_id);
    const errs: Record<number, string> = {};
    (values.stocks ?? []).forEach((r, i) => {
      const missing = [...(r?.stock_id ? [] : ['Insumo']), ...(r?.quantity && r.quantity > 0 ? [] : ['Cantidad'])];
      if (missing.length) errs[i] = INV_MSG.missingFields(missing);
      else if (values.warehouse_id && byId.get(r.stock_id ?? 0)?.warehouse.warehouse_id === values.warehouse_id) errs[i] = INV_MSG.sameWarehouse;
    });
    setRowErrors(errs);
    form.setFields([
      { name: 'warehouse_id', errors: values.warehouse_id ? [] : [INV_MSG.warehouseRequired] },
      { name: 'company_id', errors: values.company_id ? [] : [INV_MSG.companyRequired] },
    ]);
    if (messages.length) {
      toast.warning(messages.join('\n'));
      return;
    }
    try {
      const message = await moveStock.mutateAsync({
        company_id: values.company_id ?? 0,
        warehouse_id: values.warehouse_id ?? 0,
        invoice: values.invoice?.trim() || null,
        delivery_note: values.delivery_note?.trim() || null,
        observations: values.observations?.trim() || null,
        stocks: (values.stocks ?? []).map((r) => {
          const s = byId.get(r.stock_id ?? 0);
          return {
            stock_id: r.stock_id,
            company_id: values.company_id ?? 0,
            warehouse_id: s?.warehouse.warehouse_id ?? 0,
            supply_id: s?.supply.supply_id ?? 0,
            unit_id: s?.unit.unit_id ?? 0,
            quantity: r.quantity ?? 0,
            price: s?.ppp ?? null,
            exchange_rate: s?.exchange_rate ?? null,
            expiration_date: s?.expiration_date ?? null,
          };
        }),
        invoice_file: invoiceFile,
        delivery_note_file: deliveryFile,
      });
      toast.success(message ?? INV_MSG.stockMoved);
      void navigate('/inventario-stock');
    } catch (error) {
      toast.apiError(error);
    }
  };

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Movimiento de stock
      </Typography.Title>
      <Card>
        <Form form={form} layout="vertical" name="stock-move" initialValues={{ stocks: [{}] }} onFinish={() => void save()}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="company_id" label="Empresa" required>
                <Select
                  aria-label="Empresa"
                  placeholder="Seleccioná una empresa"
                  loading={companies.isLoading}
                  showSearch={SEARCH_BY_LABEL}
                  options={(companies.data ?? []).map((c) => ({ value: c.company_id, label: c.name }))}
                  onChange={() => {
                    form.setFields([{ name: 'company_id', errors: [] }]);
                    form.setFieldValue('stocks', [{}]);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="warehouse_id" label="Depósito de destino" required>
                <Select
                  aria-label="Depósito de destino"
                  placeholder="Seleccioná un depósito"
                  loading={warehouses.isLoading}
                  showSearch={SEARCH_BY_LABEL}
                  options={(warehouses.data ?? []).map((w) => ({ value: w.warehouse_id, label: w.name }))}
                  onChange={() => form.setFields([{ name: 'warehouse_id', errors: [] }])}
                />
              </Form.Item>
            </Col>
          </Row>
          <Typography.Title level={5}>Insumos a mover</Typography.Title>
          {!companyId && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Elegí la empresa para ver su stock." />}
          <Form.List name="stocks">
            {(items, { add, remove }) => (
              <div>
                <div className={styles.moveGrid} style={{ fontWeight: 500, paddingBottom: 4 }}>
                  <span>Insumo y depósito de origen</span>
                  <span>Disponible</span>
                  <span>Cantidad</span>
                  <span />
                </div>
                {items.map((item, index) => {
                  const s = byId.get(rows[index]?.stock_id ?? 0);
                  return (
                    <div key={item.key} className={styles.rowBlock} data-testid="move-row">
                      <div className={styles.moveGrid}>
                        <Form.Item name={[item.name, 'stock_id']} noStyle>
                          <Select
                            aria-label="Insumo"
                            placeholder="Seleccioná el stock de origen"
                            disabled={!companyId}
                            loading={stocks.isLoading}
                            showSearch={SEARCH_BY_LABEL}
                            notFoundContent={INV_MSG.noOptions}
                            status={rowErrors[index]?.includes('Insumo') ? 'error' : undefined}
                            options={[...byId.values()]
                              .filter((o) => o.company.company_id === companyId)
                              .map((o) => ({
                                value: o.stock_id,
                                label: stockLabel(o),
                                disabled: used.has(o.stock_id) && o.stock_id !== rows[index]?.stock_id,
                              }))}
                          />
                        </Form.Item>
                        <span>{s ? `${quantity(s.quantity)} ${s.unit.name}` : '-'}</span>
                        <Form.Item name={[item.name, 'quantity']} noStyle>
                          <DecimalInput
                            decimals={3}
                            min={0}
                            max={s ? Number(s.quantity) : undefined}
                            placeholder="0,00"
                            aria-label="Cantidad"
                            style={{ width: '100%' }}
                            status={rowErrors[index]?.includes('Cantidad') ? 'error' : undefined}
                          />
                        </Form.Item>
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label="Quitar insumo" disabled={items.length === 1} onClick={() => remove(item.name)} />
                      </div>
                      {rowErrors[index] && (
                        <Typography.Text type="danger" className={styles.rowError}>
                          {rowErrors[index]}
                        </Typography.Text>
                      )}
                      {s && destination === s.warehouse.warehouse_id && !rowErrors[index] && (
                        <Typography.Text type="warning" className={styles.rowError}>
                          {INV_MSG.sameWarehouse}
                        </Typography.Text>
                      )}
                    </div>
                  );
                })}
                <Button icon={<PlusOutlined />} onClick={() => add({})} disabled={!companyId} style={{ marginTop: 8 }}>
                  Agregar insumo
                </Button>
              </div>
            )}
          </Form.List>
          <Row gutter={16} style={{ marginTop: 16 }}>
            <Col xs={24} md={12}>
              <DocumentField name="invoice" label="Factura" fileLabel="Adjuntar factura" file={invoiceFile} onFile={setInvoiceFile} readLabel="Leer factura" />
            </Col>
            <Col xs={24} md={12}>
              <DocumentField name="delivery_note" label="Remito" fileLabel="Adjuntar remito" file={deliveryFile} onFile={setDeliveryFile} readLabel="Leer remito" />
            </Col>
          </Row>
          <StockFormFooter saving={moveStock.isPending} />
        </Form>
      </Card>
    </div>
  );
}
