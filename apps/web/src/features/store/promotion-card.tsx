import { useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { WhatsAppOutlined } from '@ant-design/icons';
import { consultLabel, type Promotion } from '@fm/domain';
import { consultPromotion } from './store-api';

/**
 * The brand logo's box (8 px padding): its painted area stays below the home greeting's, so the greeting, drawn with
 * the entry chunk, is Inicio's largest contentful paint instead of a logo that waits for the page's data
 * (decision 0027).
 */
const LOGO_HEIGHT = 64;

/** A promoted supply: brand image, title, description, price text and Consultar ('Consultá' at US$ 0.00). */
export function PromotionCard({ promotion: p, link, origin, width }: { promotion: Promotion; link: string | null; origin: 'store' | 'home'; width?: number }) {
  const [busy, setBusy] = useState(false);
  const consult = async () => {
    if (!link) return;
    setBusy(true);
    try {
      await consultPromotion(p, link, origin);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card
      size="small"
      data-testid={`promotion-${p.publication_id}`}
      style={{ width, height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', gap: 6 } }}
      cover={
        p.brand_image ? (
          <img src={p.brand_image} alt={p.title} loading="lazy" height={LOGO_HEIGHT} style={{ height: LOGO_HEIGHT, objectFit: 'contain', padding: 8, background: '#fafafa' }} />
        ) : undefined
      }
    >
      <Typography.Text strong style={{ lineHeight: 1.3 }}>
        {p.title}
      </Typography.Text>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, tooltip: p.description }} style={{ fontSize: 12, margin: 0 }}>
        {p.description}
      </Typography.Paragraph>
      <Flex vertical gap={6} style={{ marginTop: 'auto' }}>
        <Typography.Text strong style={{ color: '#2e7d32' }}>
          {p.price_text}
        </Typography.Text>
        <Button type="primary" icon={<WhatsAppOutlined />} loading={busy} disabled={!link} onClick={() => void consult()} block>
          {consultLabel(p.price_text)}
        </Button>
      </Flex>
    </Card>
  );
}
