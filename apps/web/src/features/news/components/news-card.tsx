import { Card, Typography } from 'antd';
import { formatDate, type NewsItem } from '@fm/domain';
import { NEWS_TEXT } from '../texts';

/** A news item: image, title, date dd/mm/yyyy, summary and 'Leer más' to the article in a new tab. */
export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <Card
      data-testid={`news-${item.news_item_id}`}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, flex: 1 } }}
      cover={item.image_url ? <img src={item.image_url} alt="" loading="lazy" width={400} height={180} style={{ objectFit: 'cover', height: 180 }} /> : undefined}
    >
      <Typography.Text type="secondary">{formatDate(item.published_at)}</Typography.Text>
      <Typography.Title level={5} style={{ margin: 0, fontSize: 17 }}>
        {item.title}
      </Typography.Title>
      {item.summary && (
        <Typography.Paragraph style={{ margin: 0, flex: 1 }} ellipsis={{ rows: 4 }}>
          {item.summary}
        </Typography.Paragraph>
      )}
      <a href={item.url} target="_blank" rel="noopener noreferrer" aria-label={`${NEWS_TEXT.readMore}: ${item.title}`}>
        {NEWS_TEXT.readMore}
      </a>
    </Card>
  );
}
