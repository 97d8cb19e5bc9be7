import { Button, Card, Empty, Flex, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';

/** Tienda de insumos (spec doc 3 "Supplies store"): always allowed, top bar hidden; promotions come later. */
export function StorePage() {
  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap>
        <Link to="/home">
          <Button icon={<ArrowLeftOutlined />}>Volver al inicio</Button>
        </Link>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Tienda de insumos
        </Typography.Title>
      </Flex>
      <Card>
        <Empty description="Todavía no hay insumos publicados en la tienda. ¡Volvé pronto!" />
      </Card>
    </Flex>
  );
}
