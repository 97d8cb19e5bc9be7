import { useRef } from 'react';
import { Alert, Button, Card, Empty, Flex, Skeleton } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { AccessCard } from '@fm/domain';
import { api } from '../../api/client';
import { useSession } from '../../session/hooks';
import { slide } from './promotions-carousel';

export const ACCESS_CARD_WIDTH = 260;
const GAP = 16;
const ACCESS_CARD_HEIGHT = 140;
export const NO_ACCESS_CARDS_TEXT = 'Sin accesos por ahora';

/** What a card links to, for its accessible name (a card carries only img, id and link: spec doc 3 "Access card"). */
export function accessCardLabel(link: string): string {
  let site = link;
  try {
    site = new URL(link, window.location.origin).hostname.replace(/^www\./, '');
  } catch {
    // not a URL: name it by the text as is
  }
  return `Abrir ${site} (en una pestaña nueva)`;
}

/** Home: access-cards carousel (260 px cards, 16 px gap; GET format-types/get-format-for-fm/{account}). */
export function AccessCardsCarousel() {
  const session = useSession();
  const account = session?.user.user_id;
  const q = useQuery<AccessCard[]>({
    queryKey: ['store', 'access-cards', account],
    queryFn: async () => (await api.get<AccessCard[]>(`format-types/get-format-for-fm/${account}`)).data ?? [],
    enabled: account !== undefined,
    staleTime: 600_000,
    retry: false,
  });
  const scroller = useRef<HTMLDivElement>(null);
  const page = (dir: 1 | -1) => {
    if (scroller.current) slide(scroller.current, dir * (ACCESS_CARD_WIDTH + GAP));
  };
  const cards = q.data ?? [];
  let body;
  if (q.isPending) {
    body = (
      <Flex gap={GAP}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton.Node key={i} active style={{ width: ACCESS_CARD_WIDTH, height: ACCESS_CARD_HEIGHT }} />
        ))}
      </Flex>
    );
  }
  else if (q.isError) body = <Alert type="warning" showIcon title="No pudimos obtener los accesos. Probá de nuevo más tarde." />;
  else if (cards.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_ACCESS_CARDS_TEXT} />;
  else {
    body = (
      <Flex align="center" gap={8}>
        <Button shape="circle" icon={<LeftOutlined />} aria-label="Accesos anteriores" onClick={() => page(-1)} />
        <div ref={scroller} style={{ display: 'flex', gap: GAP, overflowX: 'auto', scrollSnapType: 'x mandatory', scrollbarWidth: 'none', flex: 1 }}>
          {cards.map((c) => (
            <a key={c.id} href={c.link} target="_blank" rel="noopener noreferrer" aria-label={accessCardLabel(c.link)} style={{ flex: `0 0 ${ACCESS_CARD_WIDTH}px`, scrollSnapAlign: 'start' }} data-testid={`access-card-${c.id}`}>
              <img src={c.img} alt="" loading="lazy" width={ACCESS_CARD_WIDTH} height={ACCESS_CARD_HEIGHT} style={{ display: 'block', borderRadius: 12, objectFit: 'cover' }} />
            </a>
          ))}
        </div>
        <Button shape="circle" icon={<RightOutlined />} aria-label="Accesos siguientes" onClick={() => page(1)} />
      </Flex>
    );
  }
  return (
    <Card title="Accesos" data-testid="access-cards" aria-busy={q.isPending}>
      {/* every state keeps the cards' height, so nothing below moves when they arrive */}
      <Flex vertical justify="center" style={{ minHeight: ACCESS_CARD_HEIGHT, overflow: 'hidden' }}>
        {body}
      </Flex>
    </Card>
  );
}
