import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CampaignParams, CampaignQuery, EcosystemQuery, GameAnswerQuery, NewsQuery, WorkspaceQuery } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { listCampaigns, listNews, newestVideo } from './news.service';
import { answerGame, listGames } from './games.service';

/** Content is the same for every account: the browser may keep it 10 minutes (as the promotions, doc 3 §9). */
const CONTENT_CACHE = 'private, max-age=600';
const NEWS = { auth: 'user' as const, feature: 'news' as const };
const HOME = { auth: 'user' as const, feature: 'home' as const };
const CAMPAIGN_ROW =
  'data: [{campaign_id, type, origin (web|mobile|all), title, text, image_url, link_url, brand_type, brand_name, position, starts_on, ends_on}] — activas y vigentes hoy (hora argentina), por position.';

/**
 * Novedades, Agro en un minuto, juegos y campañas (issue 12 §7, decision 0024). The spec names GET games, POST
 * user/v1/games/answer?game_option_id, GET campaigns/{type}?origin and GET campaigns/ecosystem?brand_types&origin; the
 * news and video reads are ours: GET news (paged) and GET news/video.
 */
export async function newsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/news',
    {
      config: NEWS,
      schema: {
        tags: ['news'],
        summary: 'Novedades: noticias del agro publicadas, la más nueva primero (paginado)',
        description: 'page (1…), per_page (1 a 50, 10 por defecto). data: [{news_item_id, title, summary, image_url, url (nota externa), published_at (AAAA-MM-DD)}], con total, page y per_page.',
        querystring: WorkspaceQuery.merge(NewsQuery),
      },
    },
    async (request, reply) => {
      const { page, per_page } = request.query;
      const result = await listNews(app.db, page, per_page);
      reply.header('cache-control', CONTENT_CACHE);
      return ok(result.data, { total: result.total, page, per_page });
    },
  );

  app.get(
    '/news/video',
    {
      config: NEWS,
      schema: {
        tags: ['news'],
        summary: 'Agro en un minuto: el video activo más nuevo',
        description: 'data: [{agro_video_id, title, description, video_url, thumbnail_url, published_at}], o [] si todavía no hay ninguno.',
        querystring: WorkspaceQuery,
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CONTENT_CACHE);
      return ok(await newestVideo(app.db));
    },
  );

  app.get(
    '/games',
    {
      config: NEWS,
      schema: {
        tags: ['news'],
        summary: 'Juegos (trivia) activos hoy, con sus opciones y la respuesta del usuario si ya respondió',
        description:
          'data: [{game_id, question, starts_on, ends_on, options: [{game_option_id, text}], answer: null | {game_option_id, is_correct, correct_option_id, explanation, answered_at}}]. Cuál es la opción correcta sólo se ve después de responder.',
        querystring: WorkspaceQuery,
      },
    },
    async (request) => ok(await listGames(app.db, requireAuth(request).user_id)),
  );

  app.post(
    '/user/v1/games/answer',
    {
      config: NEWS,
      schema: {
        tags: ['news'],
        summary: 'Responde un juego (una vez por usuario y juego)',
        description:
          'Sin cuerpo. 201 data: [{game_id, game_option_id, is_correct, correct_option_id, explanation, answered_at}]. 409 si el usuario ya respondió ese juego; 404 si la opción no existe o su juego no está activo hoy.',
        querystring: WorkspaceQuery.merge(GameAnswerQuery),
      },
    },
    async (request, reply) => reply.code(201).send(created(await answerGame(app.db, requireAuth(request).user_id, request.query.game_option_id))),
  );

  // registered before campaigns/:type: the static path wins either way, the order only reads better
  app.get(
    '/campaigns/ecosystem',
    {
      config: HOME,
      schema: {
        tags: ['campaigns'],
        summary: 'Tarjetas de marcas del ecosistema (campañas de tipo ecosystem), filtradas por brand_types',
        description: `brand_types: tipos separados por comas (sin él, todas). origin: web, mobile o all. ${CAMPAIGN_ROW}`,
        querystring: WorkspaceQuery.merge(EcosystemQuery),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CONTENT_CACHE);
      return ok(await listCampaigns(app.db, { type: 'ecosystem', origin: request.query.origin, brandTypes: request.query.brand_types }));
    },
  );

  app.get(
    '/campaigns/:type',
    {
      config: HOME,
      schema: {
        tags: ['campaigns'],
        summary: 'Campañas de un tipo (home_banner, reports_banner, popup, …) para un origen',
        description: `origin web o mobile incluye las campañas cargadas para all; sin origin (o all), todas. ${CAMPAIGN_ROW}`,
        params: CampaignParams,
        querystring: WorkspaceQuery.merge(CampaignQuery),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CONTENT_CACHE);
      return ok(await listCampaigns(app.db, { type: request.params.type, origin: request.query.origin }));
    },
  );
}
