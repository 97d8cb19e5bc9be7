import { Button, Card, Flex, Typography } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';

/** Home: the supplies-store banner; Ingresar leads to the store (spec doc 3 "Supplies store and promotions"). */
export function StoreBanner() {
  const navigate = useNavigate();
  return (
    <Card data-testid="store-banner" style={{ background: 'linear-gradient(90deg, #e8f5e9, #fffde7)' }}>
      <Flex align="center" justify="space-between" gap={16} wrap>
        <Flex align="center" gap={16}>
          <ShopOutlined style={{ fontSize: 36, color: '#2e7d32' }} />
          <div>
            <Typography.Title level={3} style={{ margin: 0, fontSize: 20 }}>
              Tienda de insumos
            </Typography.Title>
            <Typography.Text type="secondary">Semillas, fertilizantes y agroquímicos: consultá directamente con el vendedor.</Typography.Text>
          </div>
        </Flex>
        <Button type="primary" size="large" onClick={() => navigate('/tienda-de-insumos')}>
          Ingresar
        </Button>
      </Flex>
    </Card>
  );
}
