import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Segmented, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { Promotion } from '@fm/domain';
import { searchable } from '../../components/form/option-search';
import { PromotionCard } from './promotion-card';
import { consultLink, usePhones, usePromotions } from './store-api';

export const ALL_CATEGORIES = 'Todas';
export const NO_MATCH_TEXT = 'No hay insumos que coincidan con la búsqueda';
export const EMPTY_STORE_TEXT = 'Todavía no hay insumos publicados en la tienda. ¡Volvé pronto!';

export function filterPromotions(list: Promotion[], search: string, category: string): Promotion[] {
  const words = searchable(search).split(/\s+/).filter(Boolean);
  return list.filter((p) => {
    if (category !== ALL_CATEGORIES && p.category !== category) return false;
    const text = searchable(`${p.title} ${p.description} ${p.category}`);
    return words.every((w) => text.includes(w));
  });
}

/** Tienda de insumos (spec doc 3 "Supplies store"): always allowed, top bar hidden; search, categories and the catalogue. */
export function StorePage() {
  const promotions = usePromotions();
  const phones = usePhones();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const all = useMemo(() => promotions.data ?? [], [promotions.data]);
  const categories = useMemo(() => [ALL_CATEGORIES, ...new Set(all.map((p) => p.category))], [all]);
  const shown = filterPromotions(all, search, category);

  let body;
  if (promotions.isPending) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (promotions.isError) body = <Alert type="warning" showIcon title="No pudimos obtener los insumos de la tienda. Probá de nuevo más tarde." />;
  else if (all.length === 0) body = <Empty description={EMPTY_STORE_TEXT} />;
  else if (shown.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NO_MATCH_TEXT} />;
  else {
    body = (
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 16 }} data-testid="store-catalogue">
        {shown.map((p) => (
          <PromotionCard key={p.id} promotion={p} link={consultLink(p, phones.data)} origin="store" />
        ))}
      </div>
    );
  }

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
        <Flex vertical gap={16}>
          <Flex gap={12} wrap align="center">
            <Input.Search allowClear placeholder="Buscar insumos" aria-label="Buscar insumos" value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 360 }} />
            {categories.length > 2 && <Segmented options={categories} value={category} onChange={(v) => setCategory(String(v))} />}
          </Flex>
          {body}
        </Flex>
      </Card>
    </Flex>
  );
}
