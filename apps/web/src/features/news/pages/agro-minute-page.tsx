import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { PlayCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { formatDate, isVideoFile, type AgroVideo } from '@fm/domain';
import { useAgroVideo } from '../api';
import { NEWS_TEXT as T } from '../texts';
import { ContentHeader } from '../components/content-header';

const MEDIA = { width: '100%', maxWidth: 800, aspectRatio: '16 / 9', borderRadius: 8, background: '#000', display: 'block' } as const;

/** A direct file plays here; another page (YouTube, a post) opens in a new tab from its thumbnail and the button. */
function Player({ video }: { video: AgroVideo }) {
  if (isVideoFile(video.video_url)) {
    return <video data-testid="agro-video" src={video.video_url} poster={video.thumbnail_url ?? undefined} controls preload="metadata" style={MEDIA} />;
  }
  if (!video.thumbnail_url) return null;
  return (
    <a href={video.video_url} target="_blank" rel="noopener noreferrer" aria-label={`${T.watchVideo}: ${video.title}`} style={{ width: '100%', maxWidth: 800 }}>
      <img src={video.thumbnail_url} alt="" style={{ ...MEDIA, objectFit: 'cover' }} />
    </a>
  );
}

/** Agro en un minuto (/agro-en-un-minuto): the newest video with its title, description and date. */
export default function AgroMinutePage() {
  const navigate = useNavigate();
  const q = useAgroVideo();
  let body;
  if (q.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (q.isError) body = <Alert type="warning" showIcon title={T.videoError} />;
  else if (!q.data) body = <Empty description={T.noVideo} />;
  else {
    const v = q.data;
    body = (
      <Flex vertical gap={12} data-testid="agro-minute">
        <Player video={v} />
        <Typography.Text type="secondary">{formatDate(v.published_at)}</Typography.Text>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {v.title}
        </Typography.Title>
        {v.description && <Typography.Paragraph style={{ margin: 0, maxWidth: 800 }}>{v.description}</Typography.Paragraph>}
        {!isVideoFile(v.video_url) && (
          <div>
            <Button type="primary" icon={<PlayCircleOutlined />} href={v.video_url} target="_blank" rel="noopener noreferrer">
              {T.watchVideo}
            </Button>
          </div>
        )}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={16}>
      <ContentHeader title={T.videoTitle} subtitle={T.videoSubtitle} action={<Button onClick={() => void navigate('/novedades')}>{T.title}</Button>} />
      <Card>{body}</Card>
    </Flex>
  );
}
