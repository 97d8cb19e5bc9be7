import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { formatDate } from '@fm/domain';
import { PlanBadge } from '../addons/components/plan-badge';
import { LazyOnboardingGate } from '../onboarding/components/lazy-onboarding-gate';
import { useCurrentWorkspace, useSession } from '../../session/hooks';
import { MarketTiles } from './components/market-tiles';
import { WeatherTile } from './components/weather-tile';
import { CompleteDataPrompt } from './components/complete-data-prompt';
import { AccessCardsCarousel, PromotionsCarousel, StoreBanner } from '../store/index';
import { CampaignBanners, NewsTile, ReportsBanner } from '../news/index';

/**
 * The tiles below the first screenful mount in a second, interruptible render right after the first commit, so the
 * commit that reveals home (one task: inserting and laying out the whole page) holds only what is on screen. They
 * come last in the page, so nothing on screen moves when they arrive; their data is already requested
 * (router/prefetch.ts).
 */
function BelowTheFold({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  // the room keeps the page as tall as it will be, so the scrollbar is there from the start (its arrival would
  // narrow, and shift, the tiles on screen)
  return shown ? children : <div style={{ minHeight: '100vh' }} />;
}

/** Inicio (spec doc 1 §2.7): greeting, date and plan badge; exchange rates and crop prices (doc 3 §9). */
export function HomePage() {
  const session = useSession();
  const workspace = useCurrentWorkspace();
  if (!session) return null;
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <div>
            <Typography.Title level={2} style={{ margin: 0 }}>
              Hola, {session.user.name}
            </Typography.Title>
            <Typography.Text type="secondary">
              {formatDate(new Date())}
              {workspace ? ` · ${workspace.name}` : ''}
            </Typography.Text>
          </div>
          <PlanBadge />
        </Flex>
      </Card>
      <CompleteDataPrompt />
      <MarketTiles />
      <WeatherTile />
      <BelowTheFold>
        <PromotionsCarousel />
        <CampaignBanners />
        <StoreBanner />
        <Flex gap={16} wrap>
          <NewsTile />
          <ReportsBanner />
        </Flex>
        <AccessCardsCarousel />
      </BelowTheFold>
      {/* the onboarding offer waits for a pending finish-sign-up step (shown by the shell) */}
      {session.user.signup_completed !== false && <LazyOnboardingGate />}
    </Flex>
  );
}
