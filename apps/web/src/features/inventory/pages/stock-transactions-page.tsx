import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { TransactionsTable } from '../components/transactions-table';
import { money, quantity } from '../format';
import { useStock } from '../queries';
import { useStockIdParam } from '../use-stock-id';

/** Transacciones de stock (/inventario/stock/transacciones, stock_id): the stock's ledger, newest first, with Eliminar. */
export default function StockTransactionsPage() {
  const navigate = useNavigate();
  const stockId = useStockIdParam();
  const stock = useStock(stockId);
  const s = stock.data;
  return (
    <div>
      <Space style={{ marginBottom: 8 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/inventario-stock')}>
          Volver al stock
        </Button>
      </Space>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Transacciones de stock
      </Typography.Title>
      {s && (
        <Card size="small" style={{ marginBottom: 16 }}>
          <Descriptions size="small" column={{ xs: 1, md: 3 }}>
            <Descriptions.Item label="Insumo">{s.supply.name}</Descriptions.Item>
            <Descriptions.Item label="Depósito">{s.warehouse.name}</Descriptions.Item>
            <Descriptions.Item label="Empresa">{s.company.name}</Descriptions.Item>
            <Descriptions.Item label="Cantidad">
              <span data-testid="stock-quantity">{`${quantity(s.quantity)} ${s.unit.name}`}</span>
            </Descriptions.Item>
            <Descriptions.Item label="PPP">
              <span data-testid="stock-ppp">{money(s.ppp)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Valor">{money(s.value_ars)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {stockId ? (
        <TransactionsTable stateKey={`inventory-transactions-${stockId}`} baseFilters={[{ field: 'stock.stock_id', condition: 'is', value: stockId }]} compact />
      ) : (
        <Typography.Text type="secondary">Elegí un stock desde Stock de insumos para ver sus transacciones.</Typography.Text>
      )}
    </div>
  );
}
