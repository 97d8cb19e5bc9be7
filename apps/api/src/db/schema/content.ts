import { sql } from 'drizzle-orm';
import { pgTable, integer, varchar, boolean, date, index, uniqueIndex, timestamp, check } from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';
import { users } from './users';

/**
 * Operator-loaded content (issue 12 §7, decision 0024): news, the "Agro en un minuto" video, trivia games and
 * campaign banners. Loaded with `npm run admin -- load-content <file.json>`; not workspace data.
 */
export const newsItems = pgTable(
  'news_items',
  {
    news_item_id: id('news_item_id'),
    title: varchar('title', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 1000 }).notNull().default(''),
    image_url: varchar('image_url', { length: 1000 }),
    /** The article (external site). */
    url: varchar('url', { length: 1000 }).notNull(),
    published_at: date('published_at', { mode: 'string' }).notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('news_items_list_idx').on(t.active, t.published_at.desc(), t.position, t.news_item_id.desc())],
);

/** "Agro en un minuto": the newest active video is the one shown. */
export const agroVideos = pgTable(
  'agro_videos',
  {
    agro_video_id: id('agro_video_id'),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    video_url: varchar('video_url', { length: 1000 }).notNull(),
    thumbnail_url: varchar('thumbnail_url', { length: 1000 }),
    published_at: date('published_at', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('agro_videos_newest_idx').on(t.active, t.published_at.desc(), t.agro_video_id.desc())],
);

/** Trivia games; a game is shown from starts_on to ends_on (open-ended when null). Ids come from the operator file. */
export const games = pgTable(
  'games',
  {
    game_id: id('game_id'),
    question: varchar('question', { length: 500 }).notNull(),
    explanation: varchar('explanation', { length: 2000 }),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('games_active_idx').on(t.active, t.starts_on, t.position, t.game_id)],
);

export const gameOptions = pgTable(
  'game_options',
  {
    game_option_id: id('game_option_id'),
    game_id: integer('game_id').notNull().references(() => games.game_id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 300 }).notNull(),
    is_correct: boolean('is_correct').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('game_options_game_idx').on(t.game_id, t.position, t.game_option_id)],
);

/** One answer per user and game; an answered option cannot be deleted (the content load keeps it). */
export const gameAnswers = pgTable(
  'game_answers',
  {
    game_answer_id: id('game_answer_id'),
    game_id: integer('game_id').notNull().references(() => games.game_id, { onDelete: 'cascade' }),
    game_option_id: integer('game_option_id').notNull().references(() => gameOptions.game_option_id),
    user_id: integer('user_id').notNull().references(() => users.user_id, { onDelete: 'cascade' }),
    answered_at: timestamp('answered_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('game_answers_game_user_uq').on(t.game_id, t.user_id), index('game_answers_user_idx').on(t.user_id), index('game_answers_option_idx').on(t.game_option_id)],
);

/**
 * Campaign banners and brand cards (GET campaigns/{type}?origin, GET campaigns/ecosystem?brand_types&origin).
 * type: 'home_banner', 'reports_banner', 'popup', 'ecosystem', ...; origin: 'web', 'mobile' or 'all'.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    campaign_id: id('campaign_id'),
    type: varchar('type', { length: 40 }).notNull(),
    origin: varchar('origin', { length: 10 }).notNull().default('all'),
    title: varchar('title', { length: 200 }).notNull(),
    text: varchar('text', { length: 1000 }).notNull().default(''),
    image_url: varchar('image_url', { length: 1000 }),
    link_url: varchar('link_url', { length: 1000 }),
    brand_type: varchar('brand_type', { length: 60 }),
    brand_name: varchar('brand_name', { length: 120 }),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    starts_on: date('starts_on', { mode: 'string' }),
    ends_on: date('ends_on', { mode: 'string' }),
    ...timestamps,
  },
  (t) => [
    index('campaigns_type_idx').on(t.type, t.active, t.position, t.campaign_id),
    check('campaigns_origin_check', sql`${t.origin} in ('web', 'mobile', 'all')`),
  ],
);
