import { useRef } from 'react';
import { Alert, Button, Card, Empty, Flex, Skeleton } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { PromotionCard } from './promotion-card';
import { consultLink, usePhones, usePromotions } from './store-api';

export const CARD_WIDTH = 170;
export const CARD_GAP = 16;
export const SLIDE_MS = 300;
export const NO_PROMOTIONS_TEXT = 'Todavía no hay promociones publicadas';
/** A card with a two-line title (measured): the skeletons and the empty and error states keep it, so home does not move. */
export const PROMOTION_CARD_HEIGHT = 280;

/** Slides a scroller by `delta` px in SLIDE_MS (ease-out), independent of the browser's smooth-scroll speed. */
export function slide(el: HTMLElement, delta: number) {
  const from = el.scrollLeft;
  const to = Math.max(0, Math.min(el.scrollWidth - el.clientWidth, from + delta));
  const start = performance.now();
  const snap = el.style.scrollSnapType;
  el.style.scrollSnapType = 'none';
  const step = (now: number) => {
    const t = Math.min(1, (now - start) / SLIDE_MS);
    el.scrollLeft = from + (to - from) * (1 - (1 - t) ** 3);
    if (t < 1) requestAnimationFrame(step);
    else el.style.scrollSnapType = snap;
  };
  requestAnimationFrame(step);
}

/** Home: promoted supplies carousel (170 px cards, 16 px gap, 300 ms slides, arrows; CSS scroll-snap). */
export function PromotionsCarousel() {
  const promotions = usePromotions();
  const phones = usePhones();
  const scroller = useRef<HTMLDivElement>(null);
  const page = (dir: 1 | -1) => {
    const el = scroller.current;
    if (el) slide(el, dir * Math.max(CARD_WIDTH + CARD_GAP, Math.floor(el.clientWidth / (CARD_WIDTH + CARD_GAP)) * (CARD_WIDTH + CARD_GAP)));
  };
  const list = promotions.data ?? [];

  let body;
  if (promotions.isPending) {
    body = (
      <Flex gap={CARD_GAP}>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton.Node key={i} active style={{ width: CARD_WIDTH, height: PROMOTION_CARD_HEIGHT }} />
        ))}
      </Flex>
    );
  } else if (promotions.isError) body = <Alert type="warning" showIcon title="No pudimos obtener las promociones. Probá de nuevo más tarde." />;
  else if (list.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_PROMOTIONS_TEXT} />;
  else {
    body = (
      <Flex align="center" gap={8}>
        <Button shape="circle" icon={<LeftOutlined />} aria-label="Promociones anteriores" onClick={() => page(-1)} />
        <div
          ref={scroller}
          data-testid="promotions-track"
          style={{ display: 'flex', gap: CARD_GAP, overflowX: 'auto', scrollSnapType: 'x mandatory', scrollbarWidth: 'none', flex: 1, padding: '2px 0' }}
        >
          {list.map((p) => (
            <div key={p.id} style={{ flex: `0 0 ${CARD_WIDTH}px`, scrollSnapAlign: 'start' }}>
              <PromotionCard promotion={p} link={consultLink(p, phones.data)} origin="home" width={CARD_WIDTH} />
            </div>
          ))}
        </div>
        <Button shape="circle" icon={<RightOutlined />} aria-label="Promociones siguientes" onClick={() => page(1)} />
      </Flex>
    );
  }
  return (
    <Card title="Promociones" data-testid="promotions-carousel" aria-busy={promotions.isPending}>
      <Flex vertical justify="center" style={{ minHeight: PROMOTION_CARD_HEIGHT + 4, overflow: 'hidden' }}>
        {body}
      </Flex>
    </Card>
  );
}
