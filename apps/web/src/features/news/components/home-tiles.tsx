import { Alert, Button, Card, Empty, Flex, Grid, Skeleton, Typography } from 'antd';
import { BarChartOutlined, ReadOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { CAMPAIGN_TYPES, formatDate, hasAddon, type Campaign } from '@fm/domain';
import { useFlag, useSession } from '../../../session/hooks';
import { isInternalLink, useCampaigns, useNews } from '../api';
import { NEWS_TEXT as T } from '../texts';

const TILE = { flex: '1 1 320px', minWidth: 280 } as const;
/** The newest item's height (its 72 px image; at 390 px a three-line title): every state keeps it, so home does not move. */
const NEWEST_HEIGHT = { wide: 72, narrow: 90 } as const;
/** Banner titles are h3 under the greeting's h2 (heading order), at the h4 size they were drawn with. */
const BANNER_TITLE = { margin: 0, fontSize: 20 } as const;

/**
 * Home news tile 'Mi espacio' (doc 1 §2.7, linking externally): the newest news item opens its article in a new tab;
 * 'Ver todas las novedades' leads to /novedades, which is also where the tile leads when there is no news yet.
 * Without the news flag (an expired trial) there is no tile.
 */
export function NewsTile() {
  return useFlag('news') ? <NewestNews /> : null;
}

function NewestNews() {
  const q = useNews(1, 1);
  const item = q.data?.items[0];
  const wide = Grid.useBreakpoint().sm ?? true;
  let body;
  if (q.isPending) body = <Skeleton active avatar={{ shape: 'square', size: 72 }} title={false} paragraph={{ rows: 2 }} />;
  else if (q.isError) body = <Alert type="warning" showIcon title={T.newsError} />;
  else if (!item) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.tileEmpty} style={{ margin: 0 }} />;
  else {
    body = (
      <Flex gap={12} align="flex-start">
        {item.image_url && <img src={item.image_url} alt="" loading="lazy" width={96} height={72} style={{ borderRadius: 8, objectFit: 'cover', flex: '0 0 96px' }} />}
        <Flex vertical gap={2}>
          <Typography.Text type="secondary">{formatDate(item.published_at)}</Typography.Text>
          <a href={item.url} target="_blank" rel="noopener noreferrer" data-testid="news-tile-link" style={{ fontWeight: 600 }}>
            {item.title}
          </a>
        </Flex>
      </Flex>
    );
  }
  return (
    <Card
      title={
        <span>
          <ReadOutlined /> {T.tileTitle}
        </span>
      }
      size="small"
      data-testid="news-tile"
      aria-busy={q.isPending}
      style={TILE}
      extra={<Link to="/novedades">{T.allNews}</Link>}
    >
      <Flex vertical justify="center" style={{ minHeight: NEWEST_HEIGHT[wide ? 'wide' : 'narrow'] }}>
        {body}
      </Flex>
      <div style={{ marginTop: 8 }}>
        <Link to="/agro-en-un-minuto">{T.videoTitle}</Link>
      </div>
    </Card>
  );
}

/**
 * Home reports banner (doc 3 "Supplies store and promotions", "Reports"): to the reports menu when the route is on and
 * the account has a reports add-on, else to the add-ons screen. The operator's reports_banner campaign, if any, gives
 * its title and text.
 */
export function ReportsBanner() {
  const session = useSession();
  const navigate = useNavigate();
  const campaign = useCampaigns(CAMPAIGN_TYPES.reportsBanner).data?.[0];
  const canOpen = useFlag('reports') && hasAddon(session?.addons, 'Reporte');
  return (
    <Card data-testid="reports-banner" size="small" style={{ ...TILE, background: 'linear-gradient(90deg, #e3f2fd, #f1f8e9)' }}>
      <Flex align="center" justify="space-between" gap={16} wrap style={{ height: '100%' }}>
        <Flex align="center" gap={16} style={{ flex: '1 1 220px' }}>
          <BarChartOutlined style={{ fontSize: 36, color: '#1565c0' }} aria-hidden />
          <div>
            <Typography.Title level={3} style={BANNER_TITLE}>
              {campaign?.title ?? T.reportsTitle}
            </Typography.Title>
            <Typography.Text type="secondary">{campaign?.text || T.reportsText}</Typography.Text>
          </div>
        </Flex>
        <Button type="primary" onClick={() => void navigate(canOpen ? '/reportes' : '/adquirir-adicionales')}>
          {canOpen ? T.reportsButton : T.reportsAddons}
        </Button>
      </Flex>
    </Card>
  );
}

function CampaignBanner({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const link = campaign.link_url;
  const action = link ? (
    isInternalLink(link) ? (
      <Button onClick={() => void navigate(link)}>Ver más</Button>
    ) : (
      <Button href={link} target="_blank" rel="noopener noreferrer">
        Ver más
      </Button>
    )
  ) : null;
  return (
    <Card size="small" data-testid={`campaign-${campaign.campaign_id}`}>
      <Flex align="center" gap={16} wrap>
        {campaign.image_url && <img src={campaign.image_url} alt="" loading="lazy" width={160} height={80} style={{ borderRadius: 8, objectFit: 'cover' }} />}
        <div style={{ flex: '1 1 240px' }}>
          <Typography.Title level={3} style={BANNER_TITLE}>
            {campaign.title}
          </Typography.Title>
          {campaign.text && <Typography.Text type="secondary">{campaign.text}</Typography.Text>}
        </div>
        {action}
      </Flex>
    </Card>
  );
}

/** A banner's outline while the campaigns load: most workspaces get one, so its room is kept rather than pushed in. */
function CampaignBannerSkeleton() {
  // at 390 px a banner's text wraps below its image
  const wide = Grid.useBreakpoint().sm ?? true;
  return (
    <Card size="small" data-testid="campaign-banners-loading" aria-busy>
      <Flex align="center" gap={16} wrap>
        <Skeleton.Node active style={{ width: 160, height: 80 }} />
        <div style={{ flex: '1 1 240px' }}>
          <Skeleton active title paragraph={{ rows: wide ? 1 : 3 }} />
        </div>
        <Skeleton.Button active />
      </Flex>
    </Card>
  );
}

/**
 * Home campaign banners (GET campaigns/home_banner?origin=web): shown only when the operator loaded some, so their
 * empty state (none, or the call failing) is no tile at all.
 */
export function CampaignBanners() {
  const q = useCampaigns(CAMPAIGN_TYPES.homeBanner);
  if (q.isPending) return <CampaignBannerSkeleton />;
  if (!q.data?.length) return null;
  return (
    <Flex vertical gap={16} data-testid="campaign-banners">
      {q.data.map((c) => (
        <CampaignBanner key={c.campaign_id} campaign={c} />
      ))}
    </Flex>
  );
}
