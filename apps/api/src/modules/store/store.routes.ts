import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { NewOrderProductBody } from '@fm/domain';
import { requireAuth } from '../../http/auth';
import { created, ok } from '../../http/envelope';
import { listAccessCards, listPhones, listPromotions, newOrder, newOrderProduct } from './store.service';

/** Promotions cache lasts 600 seconds (spec doc 3 §9). */
export const PROMOTIONS_CACHE = 'public, max-age=600';

const WorkspaceQuery = z.object({ workspace_id: z.coerce.number().int().positive().optional() });

/**
 * Supplies store (spec doc 3 "Supplies store and promotions", doc 1 §7 "Promotions and other"). The spec does not show
 * the paths of the two public calls (promotions publication list, phone list): they are `GET store/promotions` and
 * `GET store/phones`, public, cached 600 s. The operator loads both, and the access cards, with `admin load-store`.
 */
export async function storeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  const user = { auth: 'user' as const, feature: 'store' as const };

  app.get(
    '/store/promotions',
    {
      config: { public: true, feature: 'store' },
      schema: {
        tags,
        summary: 'Lista pública de publicaciones promocionadas (tienda de insumos y carrusel del inicio)',
        description:
          'Sin token. data: [{id, title, description, price_text, brand_image, product_id, publication_id, category, order_index}] en el orden del operador. Cache-Control: public, max-age=600.',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PROMOTIONS_CACHE);
      return ok(await listPromotions(app.db));
    },
  );

  app.get(
    '/store/phones',
    {
      config: { public: true, feature: 'store' },
      schema: {
        tags,
        summary: 'Lista pública de teléfonos de los vendedores (uno por publicación)',
        description: 'Sin token. data: [{product_id, publication_id, phone}] — phone son sólo dígitos con código de país, para https://wa.me/<phone>. Cache-Control: public, max-age=600.',
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', PROMOTIONS_CACHE);
      return ok(await listPhones(app.db));
    },
  );

  app.post(
    '/orders/new',
    {
      config: user,
      schema: {
        tags,
        summary: 'Abre un pedido de la tienda (cuerpo vacío)',
        description: 'data: [{order_index, created_at}]. Con workspace_id de un espacio del usuario, el pedido queda asociado a ese espacio.',
        querystring: WorkspaceQuery,
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const loaded = request.loadedAccess;
      const workspaceId = loaded?.access && loaded.workspaceId === request.query.workspace_id ? loaded.workspaceId : null;
      return reply.code(201).send(created(await newOrder(app.db, auth.user_id, workspaceId)));
    },
  );

  app.post(
    '/order-products/new-order-product',
    {
      config: user,
      schema: {
        tags,
        summary: 'Agrega un producto (cantidad 1) a un pedido del usuario',
        description:
          'Cuerpo: {order: {order_index}, product: {product_id, publication_id}, quantity: 1}. 404 si el pedido no es del usuario o la publicación no está en la tienda. data: [{order_index, product_id, publication_id, quantity}].',
        querystring: WorkspaceQuery,
        body: NewOrderProductBody,
      },
    },
    async (request, reply) => reply.code(201).send(created(await newOrderProduct(app.db, requireAuth(request).user_id, request.body))),
  );

  app.get(
    '/format-types/get-format-for-fm/:account',
    {
      config: { auth: 'user', feature: 'home' },
      schema: {
        tags,
        summary: 'Tarjetas de acceso del inicio',
        description: 'data: [{img, id, link}] en el orden del operador. {account} es el identificador público de la cuenta; las tarjetas son las mismas para todas.',
        params: z.object({ account: z.string().min(1).max(64) }),
        querystring: WorkspaceQuery,
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, max-age=600');
      return ok(await listAccessCards(app.db));
    },
  );
}
