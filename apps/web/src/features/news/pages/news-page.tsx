import { useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Pagination, Skeleton } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { NEWS_PAGE_SIZE } from '@fm/domain';
import { useNews } from '../api';
import { NewsCard } from '../components/news-card';
import { GamesBlock } from '../components/games-block';
import { ContentHeader } from '../components/content-header';
import { NEWS_TEXT as T } from '../texts';

const GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: 16 } as const;

function NewsList() {
  const [page, setPage] = useState(1);
  const q = useNews(page);
  if (q.isPending) {
    return (
      <div style={GRID}>
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        ))}
      </div>
    );
  }
  if (q.isError) return <Alert type="warning" showIcon title={T.newsError} />;
  if (q.data.items.length === 0) return <Empty description={T.noNews} />;
  return (
    <Flex vertical gap={16}>
      <div style={GRID} data-testid="news-list">
        {q.data.items.map((n) => (
          <NewsCard key={n.news_item_id} item={n} />
        ))}
      </div>
      {q.data.total > NEWS_PAGE_SIZE && (
        <Pagination align="center" current={page} pageSize={NEWS_PAGE_SIZE} total={q.data.total} showSizeChanger={false} onChange={(p) => setPage(p)} />
      )}
    </Flex>
  );
}

/** Novedades (/novedades): agro news, today's games and the way to Agro en un minuto. */
export default function NewsPage() {
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16}>
      <ContentHeader
        title={T.title}
        subtitle={T.subtitle}
        action={
          <Button icon={<PlayCircleOutlined />} onClick={() => void navigate('/agro-en-un-minuto')}>
            {T.videoTitle}
          </Button>
        }
      />
      <NewsList />
      <GamesBlock />
    </Flex>
  );
}
