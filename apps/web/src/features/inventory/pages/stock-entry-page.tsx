import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Form, Row, Select, Typography } from 'antd';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { formatCuit } from '@fm/domain';
import { api } from '../../../api/client';
import { isApiError } from '../../../api/errors';
import { toast } from '../../../components/feedback';
import { useCompanies } from '../../land/queries';
import { useSession } from '../../../session/hooks';
import { inventoryApi } from '../api';
import { DocumentField } from '../components/document-field';
import { StockFormFooter } from '../components/form-footer';
import { EntryRows, type EntryRowValues } from '../components/entry-rows';
import { quantity } from '../format';
import { useExchangeVenta } from '../../../api/market';
import { invKeys, useInventoryMutations, useProviders, useStock, useWarehouses } from '../queries';
import { INV_MSG } from '../texts';
import type { DocumentReading } from '../types';
import { missingRowFields, validateEntry } from '../validation';
import { useStockIdParam } from '../use-stock-id';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';

type Values = {
  warehouse_id?: number;
  company_id?: number;
  provider_id?: number | null;
  invoice?: string;
  delivery_note?: string;
  observations?: string;
  supplies?: EntryRowValues[];
};

/** Alta de stock (/inventario/alta-stock, optional stock_id = Agregar to that stock). */
export default function StockEntryPage() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const stockId = useStockIdParam();
  const stock = useStock(stockId);
  const [form] = Form.useForm<Values>();
  const warehouses = useWarehouses();
  const companies = useCompanies('workspace');
  const providers = useProviders();
  const venta = useExchangeVenta();
  const { enterStock } = useInventoryMutations();
  const workspaceId = useSession()?.workspaceId;
  const [invoiceFile, setInvoiceFile] = useState<File | null>(null);
  const [deliveryFile, setDeliveryFile] = useState<File | null>(null);
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [reading, setReading] = useState<'invoice' | 'delivery-note' | null>(null);
  const [suggestion, setSuggestion] = useState<DocumentReading['provider_suggestion']>(null);
  const [readNote, setReadNote] = useState<string | null>(null);
  const defaultRate = venta.data ?? null;

  const initialValues = useMemo<Values>(() => ({ supplies: [{ exchange_rate: defaultRate }] }), [defaultRate]);

  // Agregar: the stock's warehouse, company, supply and unit
  useEffect(() => {
    const s = stock.data;
    if (!s) return;
    form.setFieldsValue({
      warehouse_id: s.warehouse.warehouse_id,
      company_id: s.company.company_id,
      supplies: [{ supply_id: s.supply.supply_id, supply_label: s.supply.name, unit_id: s.unit.unit_id, exchange_rate: defaultRate ?? s.exchange_rate }],
    });
  }, [stock.data, form, defaultRate]);

  // the external rate may arrive after the form opened: fill rows still without one
  useEffect(() => {
    if (!defaultRate) return;
    const rows = (form.getFieldValue('supplies') ?? []) as EntryRowValues[];
    form.setFieldValue(
      'supplies',
      rows.map((r) => ({ ...r, exchange_rate: r?.exchange_rate ?? defaultRate })),
    );
  }, [defaultRate, form]);

  const showErrors = (values: Values): boolean => {
    const messages = validateEntry(values);
    const rows = values.supplies ?? [];
    const errs: Record<number, string> = {};
    rows.forEach((r, i) => {
      const missing = missingRowFields(r);
      if (missing.length) errs[i] = INV_MSG.missingFields(missing);
    });
    setRowErrors(errs);
    form.setFields([
      { name: 'warehouse_id', errors: values.warehouse_id ? [] : [INV_MSG.warehouseRequired] },
      { name: 'company_id', errors: values.company_id ? [] : [INV_MSG.companyRequired] },
    ]);
    if (messages.length) toast.warning(messages.join('\n'));
    return messages.length === 0;
  };

  const save = async () => {
    const values = form.getFieldsValue(true) as Values;
    if (!showErrors(values)) return;
    try {
      const message = await enterStock.mutateAsync({
        stock_id: stockId,
        warehouse_id: values.warehouse_id ?? 0,
        company_id: values.company_id ?? 0,
        provider_id: values.provider_id ?? null,
        invoice: values.invoice?.trim() || null,
        delivery_note: values.delivery_note?.trim() || null,
        observations: values.observations?.trim() || null,
        supplies: (values.supplies ?? []).map((r) => ({
          supply_id: r.supply_id ?? 0,
          unit_id: r.unit_id ?? 0,
          quantity: r.quantity ?? 0,
          price: r.price ?? 0,
          exchange_rate: r.exchange_rate ?? null,
          expiration_date: r.expiration_date ? r.expiration_date.format('YYYY-MM-DD') : null,
        })),
        invoice_file: invoiceFile,
        delivery_note_file: deliveryFile,
      });
      toast.success(message ?? INV_MSG.stockLoaded);
      void navigate('/inventario-stock');
    } catch (error) {
      toast.apiError(error);
    }
  };

  const read = async (kind: 'invoice' | 'delivery-note') => {
    const file = kind === 'invoice' ? invoiceFile : deliveryFile;
    if (!file) return;
    setReading(kind);
    try {
      const doc = await inventoryApi.readDocument(kind, file);
      if (!doc) throw new Error(INV_MSG.documentUnread);
      const current = form.getFieldsValue(true) as Values;
      const rows = doc.supplies.map<EntryRowValues>((s) => ({
        supply_id: s.supply_id ?? undefined,
        supply_label: s.name,
        unit_id: s.unit_id ?? undefined,
        quantity: s.quantity,
        price: s.price,
        exchange_rate: s.exchange_rate ?? doc.document?.exchange_rate ?? defaultRate,
      }));
      form.setFieldsValue({
        invoice: doc.invoice ?? current.invoice,
        delivery_note: doc.delivery_note ?? current.delivery_note,
        provider_id: doc.provider?.provider_id ?? current.provider_id,
        supplies: rows.length > 0 ? rows : current.supplies,
      });
      setSuggestion(doc.provider ? null : doc.provider_suggestion);
      const unmatched = doc.supplies.filter((s) => s.supply_id === null).map((s) => s.name);
      setReadNote(
        `Datos leídos del documento${doc.document ? ` (${doc.document.date ? dayjs(doc.document.date).format('DD/MM/YYYY') : ''} · total ${quantity(doc.document.total)} ${doc.document.currency})` : ''}: revisalos antes de guardar.` +
          (unmatched.length ? ` Sin insumo reconocido: ${unmatched.join(', ')}.` : ''),
      );
    } catch (error) {
      toast.warning(isApiError(error) ? error.message : INV_MSG.documentUnread);
    } finally {
      setReading(null);
    }
  };

  const createSuggestedProvider = async () => {
    if (!suggestion) return;
    try {
      const res = await api.post<{ provider_id: number }[]>('providers', {
        name: suggestion.name ?? `Proveedor ${suggestion.tax_identifier}`,
        tax_identifier: suggestion.tax_identifier,
        workspaces: workspaceId ? [workspaceId] : [],
      });
      await client.invalidateQueries({ queryKey: invKeys.providers(workspaceId ?? null) });
      const id = res.data[0]?.provider_id;
      if (id) form.setFieldValue('provider_id', id);
      setSuggestion(null);
      toast.success(res.message ?? 'Proveedor creado');
    } catch (error) {
      toast.apiError(error);
    }
  };

  const locked = Boolean(stockId);
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Alta de stock
      </Typography.Title>
      <Card>
        {stock.data && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={`Agregar a ${stock.data.supply.name} en ${stock.data.warehouse.name} (${stock.data.company.name}): hay ${quantity(stock.data.quantity)} ${stock.data.unit.name}`}
          />
        )}
        <Form form={form} layout="vertical" name="stock-entry" initialValues={initialValues} onFinish={() => void save()}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="warehouse_id" label="Depósito" required>
                <Select
                  aria-label="Depósito"
                  placeholder="Seleccioná un depósito"
                  disabled={locked}
                  loading={warehouses.isLoading}
                  showSearch={SEARCH_BY_LABEL}
                  options={(warehouses.data ?? []).map((w) => ({ value: w.warehouse_id, label: w.name }))}
                  onChange={() => form.setFields([{ name: 'warehouse_id', errors: [] }])}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="company_id" label="Empresa" required>
                <Select
                  aria-label="Empresa"
                  placeholder="Seleccioná una empresa"
                  disabled={locked}
                  loading={companies.isLoading}
                  showSearch={SEARCH_BY_LABEL}
                  options={(companies.data ?? []).map((c) => ({ value: c.company_id, label: c.name }))}
                  onChange={() => form.setFields([{ name: 'company_id', errors: [] }])}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="provider_id" label="Proveedor">
                <Select
                  aria-label="Proveedor"
                  placeholder="Seleccioná un proveedor"
                  allowClear
                  loading={providers.isLoading}
                  showSearch={SEARCH_BY_LABEL}
                  options={(providers.data ?? []).map((p) => ({ value: p.provider_id, label: p.name }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {suggestion && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`El proveedor ${suggestion.name ?? ''} (CUIT ${formatCuit(suggestion.tax_identifier)}) no está en tus proveedores.`}
              action={
                <Button size="small" onClick={() => void createSuggestedProvider()}>
                  Crear proveedor
                </Button>
              }
            />
          )}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <DocumentField
                name="invoice"
                label="Factura"
                fileLabel="Adjuntar factura"
                file={invoiceFile}
                onFile={setInvoiceFile}
                readLabel="Leer factura"
                onRead={() => void read('invoice')}
                reading={reading === 'invoice'}
              />
            </Col>
            <Col xs={24} md={12}>
              <DocumentField
                name="delivery_note"
                label="Remito"
                fileLabel="Adjuntar remito"
                file={deliveryFile}
                onFile={setDeliveryFile}
                readLabel="Leer remito"
                onRead={() => void read('delivery-note')}
                reading={reading === 'delivery-note'}
              />
            </Col>
          </Row>
          {readNote && <Alert type="success" showIcon style={{ marginBottom: 16 }} title={readNote} closable={{ onClose: () => setReadNote(null) }} />}
          <Typography.Title level={5}>Insumos</Typography.Title>
          <EntryRows rowErrors={rowErrors} defaultExchangeRate={defaultRate} lockedSupply={locked} />
          <StockFormFooter saving={enterStock.isPending} observationsStyle={{ marginTop: 16 }} />
        </Form>
      </Card>
    </div>
  );
}
