import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { AgroVideo, Campaign, CampaignOrigin, NewsItem } from '@fm/domain';
import { AR_TODAY } from '../../db/argentina-today';
import type { Executor } from '../../db/client';
import { agroVideos, campaigns, newsItems } from '../../db/schema/index';

/** GET news: the active news already published, newest first (the operator's order within a day). */
export async function listNews(db: Executor, page: number, perPage: number): Promise<{ data: NewsItem[]; total: number }> {
  const where = and(eq(newsItems.active, true), lte(newsItems.published_at, AR_TODAY));
  const [data, [{ total }]] = await Promise.all([
    db
      .select({
        news_item_id: newsItems.news_item_id,
        title: newsItems.title,
        summary: newsItems.summary,
        image_url: newsItems.image_url,
        url: newsItems.url,
        published_at: newsItems.published_at,
      })
      .from(newsItems)
      .where(where)
      .orderBy(desc(newsItems.published_at), asc(newsItems.position), desc(newsItems.news_item_id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(newsItems).where(where),
  ]);
  return { data, total };
}

/** GET news/video: "Agro en un minuto" is the newest active video already published (none: an empty list). */
export async function newestVideo(db: Executor): Promise<AgroVideo[]> {
  return db
    .select({
      agro_video_id: agroVideos.agro_video_id,
      title: agroVideos.title,
      description: agroVideos.description,
      video_url: agroVideos.video_url,
      thumbnail_url: agroVideos.thumbnail_url,
      published_at: agroVideos.published_at,
    })
    .from(agroVideos)
    .where(and(eq(agroVideos.active, true), lte(agroVideos.published_at, AR_TODAY)))
    .orderBy(desc(agroVideos.published_at), desc(agroVideos.agro_video_id))
    .limit(1);
}

type CampaignFilter = { type: string; origin?: CampaignOrigin; brandTypes?: string[] };

/**
 * Active campaigns of a type running today, in the operator's order. origin web or mobile also matches campaigns
 * loaded for 'all'; origin 'all' or none matches every origin. brandTypes keeps the cards of those brand types.
 */
export async function listCampaigns(db: Executor, filter: CampaignFilter): Promise<Campaign[]> {
  const conditions: (SQL | undefined)[] = [
    eq(campaigns.type, filter.type),
    eq(campaigns.active, true),
    or(isNull(campaigns.starts_on), lte(campaigns.starts_on, AR_TODAY)),
    or(isNull(campaigns.ends_on), gte(campaigns.ends_on, AR_TODAY)),
    filter.origin && filter.origin !== 'all' ? inArray(campaigns.origin, [filter.origin, 'all']) : undefined,
    filter.brandTypes ? and(isNotNull(campaigns.brand_type), inArray(campaigns.brand_type, filter.brandTypes)) : undefined,
  ];
  const rows = await db
    .select({
      campaign_id: campaigns.campaign_id,
      type: campaigns.type,
      origin: campaigns.origin,
      title: campaigns.title,
      text: campaigns.text,
      image_url: campaigns.image_url,
      link_url: campaigns.link_url,
      brand_type: campaigns.brand_type,
      brand_name: campaigns.brand_name,
      position: campaigns.position,
      starts_on: campaigns.starts_on,
      ends_on: campaigns.ends_on,
    })
    .from(campaigns)
    .where(and(...conditions))
    .orderBy(asc(campaigns.position), asc(campaigns.campaign_id));
  return rows.map((r) => ({ ...r, origin: r.origin as CampaignOrigin }));
}
