import { useMemo, useState } from 'react';
import { Button, Dropdown, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, HistoryOutlined, PlusCircleOutlined, PlusOutlined, SlidersOutlined, SwapOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatDate, type FilterCond } from '@fm/domain';
import { ClippedText, DataTable, type DataColumn } from '../../../components/data-table';
import { confirmAction } from '../../../components/feedback';
import { useCan } from '../../../session/hooks';
import { AdjustModal } from '../components/adjust-modal';
import { money, quantity, SUPPLY_NAME_WIDTH } from '../format';
import { useCompanies } from '../../land/queries';
import { INV_RESOURCES, useInventoryMutations, useWarehouses } from '../queries';
import { INV_MSG } from '../texts';
import styles from '../components/inventory.module.css';
import type { Stock, StockTotals } from '../types';
import { SEARCH_BY_LABEL } from '../../../components/form/option-search';


function ExpirationCell({ stock }: { stock: Stock }) {
  if (!stock.expiration_date) return <>-</>;
  const date = formatDate(stock.expiration_date);
  const mark =
    stock.expiration_status === 'expired' ? <Tag color="red">Vencido</Tag> : stock.expiration_status === 'expiring' ? <Tag color="orange">Por vencer</Tag> : null;
  return (
    <div>
      <div>{date}</div>
      {mark}
    </div>
  );
}

function Totals({ totals }: { totals: StockTotals | undefined }) {
  if (!totals) return null;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', columnGap: 24, rowGap: 4, padding: '8px 4px' }} data-testid="stock-totals">
      <Typography.Text strong>Valor total del stock:</Typography.Text>
      <Typography.Text strong className={styles.nowrap}>
        {money(totals.value_ars)}
      </Typography.Text>
      <Typography.Text strong className={styles.nowrap}>
        {totals.value_usd === null ? 'US$ -' : money(totals.value_usd, 'US$')}
      </Typography.Text>
      {totals.value_usd_partial && totals.value_usd !== null && <Typography.Text type="secondary">{INV_MSG.usdPartial}</Typography.Text>}
    </div>
  );
}

/** Stock de insumos (/inventario-stock): one row per company, warehouse, supply and unit, with PPP and value. */
export default function StockPage() {
  const navigate = useNavigate();
  const canCreate = useCan('stock_supplies', 'create');
  const canDelete = useCan('stock_supplies', 'delete');
  const [adjusting, setAdjusting] = useState<Stock | null>(null);
  const { removeStock } = useInventoryMutations();
  const companies = useCompanies('workspace');
  const warehouses = useWarehouses();
  const [companyId, setCompanyId] = useState<number | undefined>();
  const [warehouseId, setWarehouseId] = useState<number | undefined>();
  const baseFilters = useMemo<FilterCond[]>(
    () => [
      ...(companyId ? [{ field: 'stock.company_id', condition: 'is' as const, value: companyId }] : []),
      ...(warehouseId ? [{ field: 'stock.warehouse_id', condition: 'is' as const, value: warehouseId }] : []),
    ],
    [companyId, warehouseId],
  );

  const onDelete = (s: Stock) =>
    confirmAction({
      confirm: { title: `¿Eliminar el stock de ${s.supply.name} en ${s.warehouse.name}?`, content: 'Esta acción no se puede deshacer.', danger: true },
      run: () => removeStock.mutateAsync(s.stock_id),
      success: INV_MSG.stockDeleted,
    });

  const actions = (s: Stock) => (
    <Space size={0} wrap={false}>
      {canCreate && (
        <Tooltip title="Agregar">
          <Button type="text" size="small" aria-label="Agregar" icon={<PlusCircleOutlined />} onClick={() => void navigate(`/inventario/alta-stock/${s.stock_id}`)} />
        </Tooltip>
      )}
      <Tooltip title="Transacciones">
        <Button type="text" size="small" aria-label="Transacciones" icon={<HistoryOutlined />} onClick={() => void navigate(`/inventario/stock/transacciones/${s.stock_id}`)} />
      </Tooltip>
      {canCreate && (
        <Tooltip title="Mover">
          <Button type="text" size="small" aria-label="Mover" icon={<SwapOutlined />} disabled={Number(s.quantity) <= 0} onClick={() => void navigate(`/inventario/movimiento-stock/${s.stock_id}`)} />
        </Tooltip>
      )}
      {canCreate && (
        <Tooltip title="Ajustar">
          <Button type="text" size="small" aria-label="Ajustar" icon={<SlidersOutlined />} onClick={() => setAdjusting(s)} />
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title="Eliminar">
          <Button type="text" size="small" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => void onDelete(s)} />
        </Tooltip>
      )}
    </Space>
  );

  const columns: DataColumn<Stock>[] = useMemo(
    () => [
      {
        title: 'Insumo',
        key: 'supply',
        sortField: 'supply.name',
        minWidth: 76,
        render: (_: unknown, s: Stock) => (
          <div>
            <div>
              <ClippedText cut="words" width={SUPPLY_NAME_WIDTH}>
                {s.supply.name}
              </ClippedText>
            </div>
            {s.supply.generic?.name && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                <ClippedText cut="words" width={SUPPLY_NAME_WIDTH}>
                  {s.supply.generic.name}
                </ClippedText>
              </Typography.Text>
            )}
          </div>
        ),
      },
      {
        title: 'Depósito',
        key: 'warehouse',
        minWidth: 84,
        render: (_: unknown, s: Stock) => (
          <div>
            <div>{s.warehouse.name}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.company.name}
            </Typography.Text>
          </div>
        ),
      },
      { title: 'Cantidad', className: styles.nowrap, dataIndex: 'quantity', sortField: 'quantity', align: 'right', width: 106, render: (_: unknown, s: Stock) => `${quantity(s.quantity)} ${s.unit.name}` },
      { title: 'PPP', className: styles.nowrap, dataIndex: 'ppp', sortField: 'ppp', align: 'right', width: 110, render: (v: number) => money(v) },
      { title: 'Último precio', className: styles.nowrap, dataIndex: 'price', align: 'right', width: 122, render: (v: number) => money(v) },
      {
        title: 'Valor',
        key: 'value',
        className: styles.nowrap,
        align: 'right',
        width: 125,
        render: (_: unknown, s: Stock) => (
          <div>
            <div>{money(s.value_ars)}</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.value_usd === null ? 'US$ -' : money(s.value_usd, 'US$')}
            </Typography.Text>
          </div>
        ),
      },
      { title: 'Vencimiento', dataIndex: 'expiration_date', sortField: 'expiration_date', width: 130, render: (_: unknown, s: Stock) => <ExpirationCell stock={s} /> },
      { title: 'Factura', dataIndex: 'invoice', minWidth: 80, render: (v: string | null) => v || '-' },
      { title: 'Acciones', key: 'actions', fixed: 'right', width: 136, render: (_: unknown, s: Stock) => actions(s) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [canCreate, canDelete],
  );

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Stock de insumos
      </Typography.Title>
      <DataTable<Stock>
        stateKey="inventory-stock"
        resource={INV_RESOURCES.stocks}
        columns={columns}
        rowKey={(s) => s.stock_id}
        searchFields={['supply.name', 'generic.name']}
        searchPlaceholder="Buscar insumo"
        baseFilters={baseFilters}
        filterFields={[{ field: 'supply.name', label: 'Insumo', type: 'string' }]}
        summary={(page) => <Totals totals={page?.meta.totals as StockTotals | undefined} />}
        toolbar={
          <Space wrap>
            <Select
              allowClear
              aria-label="Filtrar por empresa"
              placeholder="Empresa"
              style={{ width: 180 }}
              value={companyId}
              onChange={setCompanyId}
              showSearch={SEARCH_BY_LABEL}
              options={(companies.data ?? []).map((c) => ({ value: c.company_id, label: c.name }))}
            />
            <Select
              allowClear
              aria-label="Filtrar por depósito"
              placeholder="Depósito"
              style={{ width: 180 }}
              value={warehouseId}
              onChange={setWarehouseId}
              showSearch={SEARCH_BY_LABEL}
              options={(warehouses.data ?? []).map((w) => ({ value: w.warehouse_id, label: w.name }))}
            />
            {canCreate && (
            <Dropdown
              menu={{
                items: [
                  { key: 'entry', label: 'Alta de stock', onClick: () => void navigate('/inventario/alta-stock') },
                  { key: 'move', label: 'Movimiento de stock', onClick: () => void navigate('/inventario/movimiento-stock') },
                ],
              }}
            >
              <Button type="primary" icon={<PlusOutlined />}>
                Crear <DownOutlined />
              </Button>
            </Dropdown>
            )}
          </Space>
        }
      />
      <AdjustModal stock={adjusting} onClose={() => setAdjusting(null)} />
    </div>
  );
}
