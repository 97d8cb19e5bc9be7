import { z } from 'zod';

/**
 * News, "Agro en un minuto", trivia games and campaigns (issue 12 §1 news tile, §7; spec doc 1 §1, §2.2, §2.7, §7;
 * decision 0024). Content is global and loaded by the operator (`npm run admin -- load-content <file.json>`).
 */

export type NewsItem = { news_item_id: number; title: string; summary: string; image_url: string | null; url: string; published_at: string };

export type AgroVideo = {
  agro_video_id: number;
  title: string;
  description: string;
  video_url: string;
  thumbnail_url: string | null;
  published_at: string;
};

export type GameOption = { game_option_id: number; text: string };
/** The user's answer: correctness and the explanation are revealed only once the user answered. */
export type GameAnswer = { game_option_id: number; is_correct: boolean; correct_option_id: number; explanation: string | null; answered_at: string };
export type Game = { game_id: number; question: string; starts_on: string; ends_on: string | null; options: GameOption[]; answer: GameAnswer | null };
export type GameAnswerResult = GameAnswer & { game_id: number };

export const CAMPAIGN_ORIGINS = ['web', 'mobile', 'all'] as const;
export type CampaignOrigin = (typeof CAMPAIGN_ORIGINS)[number];
/** The campaign types the web shows; the operator may load others (mobile pop-ups, ...). */
export const CAMPAIGN_TYPES = { homeBanner: 'home_banner', reportsBanner: 'reports_banner', popup: 'popup', ecosystem: 'ecosystem' } as const;

export type Campaign = {
  campaign_id: number;
  type: string;
  origin: CampaignOrigin;
  title: string;
  text: string;
  image_url: string | null;
  link_url: string | null;
  brand_type: string | null;
  brand_name: string | null;
  position: number;
  starts_on: string | null;
  ends_on: string | null;
};

export const NEWS_MSG = {
  optionNotFound: 'La opción no existe o el juego ya no está disponible',
  alreadyAnswered: 'Ya respondiste este juego. ¡Esperá el próximo!',
  optionId: 'El parámetro game_option_id es obligatorio y debe ser un número entero positivo',
  origin: "El origen debe ser 'web', 'mobile' o 'all'",
  type: 'El tipo de campaña no es válido (letras minúsculas, números y guiones bajos)',
  brandTypes: 'brand_types debe ser una lista de tipos separados por comas (letras, números, guiones)',
} as const;

export const NEWS_PAGE_SIZE = 10;

/** GET news: paged, newest first. */
export const NewsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(NEWS_PAGE_SIZE),
});

/** POST user/v1/games/answer?game_option_id */
export const GameAnswerQuery = z.object({
  game_option_id: z.coerce.number({ error: NEWS_MSG.optionId }).int(NEWS_MSG.optionId).positive(NEWS_MSG.optionId).max(2_147_483_647, NEWS_MSG.optionId),
});

const origin = z.enum(CAMPAIGN_ORIGINS, { error: NEWS_MSG.origin });
/** GET campaigns/{type}?origin — origin web or mobile also matches campaigns for 'all'; without origin, every origin. */
export const CampaignParams = z.object({ type: z.string().regex(/^[a-z0-9_]{1,40}$/, NEWS_MSG.type) });
export const CampaignQuery = z.object({ origin: origin.optional() });
/** GET campaigns/ecosystem?brand_types&origin — brand_types comma-separated (none: every brand card). */
export const EcosystemQuery = CampaignQuery.extend({
  brand_types: z
    .string()
    .max(500)
    .regex(/^\s*[\w-]{1,60}(\s*,\s*[\w-]{1,60})*\s*$/, NEWS_MSG.brandTypes)
    .transform((s) => [...new Set(s.split(',').map((t) => t.trim()))])
    .optional(),
});

/** A direct video file plays in a <video> element; other URLs (YouTube, Vimeo, a post) open in a new tab. */
export function isVideoFile(url: string): boolean {
  return /\.(mp4|webm|ogg|ogv|mov|m4v)(\?.*)?$/i.test(url.trim());
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD');
const httpUrl = z.string().trim().max(1000).url('Debe ser una URL').refine((s) => /^https?:\/\//.test(s), 'La URL debe empezar con http:// o https://');
const urlOrPath = z
  .string()
  .trim()
  .max(1000)
  .refine((s) => /^https?:\/\/\S+$/.test(s) || /^\/\S+$/.test(s), 'Debe ser una URL (http/https) o una ruta que empiece con /');
const contentId = z.number().int().positive().max(2_147_483_647);

const NewsFileItem = z.object({
  title: z.string().trim().min(1).max(200),
  summary: z.string().trim().max(1000).default(''),
  image_url: urlOrPath.nullable().default(null),
  url: httpUrl,
  published_at: day,
  active: z.boolean().default(true),
});
const VideoFileItem = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).default(''),
  video_url: urlOrPath,
  thumbnail_url: urlOrPath.nullable().default(null),
  published_at: day,
  active: z.boolean().default(true),
});
const GameFileItem = z.object({
  /** Kept from load to load: the users' answers stay with the game. */
  game_id: contentId,
  question: z.string().trim().min(1).max(500),
  explanation: z.string().trim().max(2000).nullable().default(null),
  starts_on: day,
  ends_on: day.nullable().default(null),
  active: z.boolean().default(true),
  options: z
    .array(z.object({ game_option_id: contentId, text: z.string().trim().min(1).max(300), is_correct: z.boolean().default(false) }))
    .min(2, 'Un juego necesita al menos 2 opciones')
    .max(6, 'Un juego tiene como máximo 6 opciones'),
});
const CampaignFileItem = z.object({
  type: z.string().regex(/^[a-z0-9_]{1,40}$/, NEWS_MSG.type),
  origin: origin.default('all'),
  title: z.string().trim().min(1).max(200),
  text: z.string().trim().max(1000).default(''),
  image_url: urlOrPath.nullable().default(null),
  link_url: urlOrPath.nullable().default(null),
  brand_type: z.string().trim().regex(/^[\w-]{1,60}$/, NEWS_MSG.brandTypes).nullable().default(null),
  brand_name: z.string().trim().max(120).nullable().default(null),
  active: z.boolean().default(true),
  starts_on: day.nullable().default(null),
  ends_on: day.nullable().default(null),
});

const endsAfter = (starts: string | null, ends: string | null) => !starts || !ends || ends >= starts;

/**
 * The operator's content file. Each section present replaces that content (in the file's order); a section left out
 * keeps what is loaded. Games and their options carry their ids so answers survive a reload.
 */
export const ContentFile = z
  .object({
    news: z.array(NewsFileItem).max(500).optional(),
    videos: z.array(VideoFileItem).max(100).optional(),
    games: z.array(GameFileItem).max(200).optional(),
    campaigns: z.array(CampaignFileItem).max(200).optional(),
  })
  .superRefine((file, ctx) => {
    const games = new Set<number>();
    const options = new Set<number>();
    file.games?.forEach((g, i) => {
      if (games.has(g.game_id)) ctx.addIssue({ code: 'custom', path: ['games', i, 'game_id'], message: `game_id ${g.game_id} repetido` });
      games.add(g.game_id);
      if (g.options.filter((o) => o.is_correct).length !== 1) ctx.addIssue({ code: 'custom', path: ['games', i, 'options'], message: 'Cada juego tiene exactamente una opción correcta' });
      g.options.forEach((o, j) => {
        if (options.has(o.game_option_id)) ctx.addIssue({ code: 'custom', path: ['games', i, 'options', j, 'game_option_id'], message: `game_option_id ${o.game_option_id} repetido` });
        options.add(o.game_option_id);
      });
      if (!endsAfter(g.starts_on, g.ends_on)) ctx.addIssue({ code: 'custom', path: ['games', i, 'ends_on'], message: 'La fecha de fin es anterior a la de inicio' });
    });
    file.campaigns?.forEach((c, i) => {
      if (!endsAfter(c.starts_on, c.ends_on)) ctx.addIssue({ code: 'custom', path: ['campaigns', i, 'ends_on'], message: 'La fecha de fin es anterior a la de inicio' });
    });
  });
export type ContentFile = z.infer<typeof ContentFile>;
