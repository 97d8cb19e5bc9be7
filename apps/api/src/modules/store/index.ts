import type { FastifyInstance } from 'fastify';
import { storeRoutes } from './store.routes';

export { seedStoreDemo } from './store.demo';
export { loadStore } from './store.service';

/** Tienda de insumos (spec doc 3 "Supplies store and promotions"): promotions, phones, orders and access cards. */
export async function storeModule(app: FastifyInstance) {
  await app.register(storeRoutes);
}
