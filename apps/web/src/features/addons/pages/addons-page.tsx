import { Button, Card, Col, Flex, Row, Typography } from 'antd';
import { AppstoreAddOutlined, BankOutlined, BarChartOutlined, CustomerServiceOutlined, ExperimentOutlined, MailOutlined, MessageOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { ADDON_OFFERS, SUBSCRIPTION_MSG, subscriptionRequestMessage } from '@fm/domain';
import { LINKS } from '../../../config/links';
import { toast } from '../../../components/feedback';
import { useSubscriptionRequest } from '../queries';

const ICONS: Record<(typeof ADDON_OFFERS)[number]['type'], ReactNode> = {
  users: <TeamOutlined />,
  companies: <BankOutlined />,
  reports: <BarChartOutlined />,
  recipes: <ExperimentOutlined />,
};

/** /adquirir-adicionales (spec doc 1 §2.10): four add-ons with 'Adquirir {title}' and the support links. */
export default function AddonsPage() {
  const request = useSubscriptionRequest();

  const acquire = async (type: (typeof ADDON_OFFERS)[number]['type']) => {
    try {
      await request.mutateAsync(type);
      toast.success(subscriptionRequestMessage(type));
    } catch {
      toast.warning(SUBSCRIPTION_MSG.error);
    }
  };

  return (
    <Flex vertical gap={16}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          <AppstoreAddOutlined /> Adicionales
        </Typography.Title>
        <Typography.Text type="secondary">Sumá capacidad a tu plan. Un asesor se contactará para avanzar con tu solicitud.</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        {ADDON_OFFERS.map((offer) => (
          <Col key={offer.type} xs={24} sm={12} xl={6}>
            <Card style={{ height: '100%' }} styles={{ body: { height: '100%' } }}>
              <Flex vertical gap={12} style={{ height: '100%' }}>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {ICONS[offer.type]} {offer.title}
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ flex: 1 }}>
                  {offer.description}
                </Typography.Paragraph>
                <Button
                  type="primary"
                  block
                  loading={request.isPending && request.variables === offer.type}
                  onClick={() => void acquire(offer.type)}
                >
                  Adquirir {offer.title}
                </Button>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
      <Card title={<><CustomerServiceOutlined /> ¿Necesitás ayuda?</>}>
        <Flex gap={24} wrap>
          <Typography.Link href={LINKS.helpCenter} target="_blank" rel="noopener noreferrer">
            Centro de ayuda
          </Typography.Link>
          <Typography.Link href={LINKS.chat} target="_blank" rel="noopener noreferrer">
            <MessageOutlined /> Escribinos por WhatsApp
          </Typography.Link>
          <Typography.Link href={`mailto:${LINKS.email}`}>
            <MailOutlined /> {LINKS.email}
          </Typography.Link>
        </Flex>
      </Card>
    </Flex>
  );
}
