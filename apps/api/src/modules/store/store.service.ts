import { and, asc, eq } from 'drizzle-orm';
import { STORE_MSG, type AccessCard, type Promotion, type SellerPhone, type StoreFile } from '@fm/domain';
import type { Executor } from '../../db/client';
import { accessCards, promotions, storeOrderProducts, storeOrders } from '../../db/schema/index';
import { notFound } from '../../http/errors';

/** The active promotions in the operator's order (doc 1 §3 Promoted item, plus category and order_index). */
export async function listPromotions(db: Executor): Promise<Promotion[]> {
  return db
    .select({
      id: promotions.promotion_id,
      title: promotions.title,
      description: promotions.description,
      price_text: promotions.price_text,
      brand_image: promotions.brand_image,
      product_id: promotions.product_id,
      publication_id: promotions.publication_id,
      category: promotions.category,
      order_index: promotions.order_index,
    })
    .from(promotions)
    .where(eq(promotions.active, true))
    .orderBy(asc(promotions.order_index), asc(promotions.promotion_id));
}

/** The phone list: the seller's chat number of each active publication. */
export async function listPhones(db: Executor): Promise<SellerPhone[]> {
  return db
    .select({ product_id: promotions.product_id, publication_id: promotions.publication_id, phone: promotions.seller_phone })
    .from(promotions)
    .where(eq(promotions.active, true))
    .orderBy(asc(promotions.order_index), asc(promotions.promotion_id));
}

export async function listAccessCards(db: Executor): Promise<AccessCard[]> {
  return db.select({ id: accessCards.id, img: accessCards.img, link: accessCards.link }).from(accessCards).orderBy(asc(accessCards.order_index), asc(accessCards.id));
}

/** Replaces promotions and access cards with the file's, in one transaction (a failure leaves the previous set). */
export async function loadStore(db: Executor, file: StoreFile): Promise<{ promotions: number; access_cards: number }> {
  const phoneOf = (seller: string) => (file.phones[seller] ?? seller).replace(/\D/g, '');
  await db.transaction(async (tx) => {
    await tx.delete(promotions);
    await tx.delete(accessCards);
    if (file.promotions.length) {
      await tx.insert(promotions).values(
        file.promotions.map((p, i) => ({
          title: p.title,
          description: p.description,
          price_text: p.price_text,
          brand_image: p.brand_image,
          product_id: p.product_id,
          publication_id: p.publication_id,
          category: p.category,
          seller_phone: phoneOf(p.seller),
          order_index: i + 1,
          active: p.active,
        })),
      );
    }
    if (file.access_cards.length) await tx.insert(accessCards).values(file.access_cards.map((c, i) => ({ img: c.img, link: c.link, order_index: i + 1 })));
  });
  return { promotions: file.promotions.length, access_cards: file.access_cards.length };
}

/** POST orders/new: an order of the user; its order_index is the reference the products are added with. */
export async function newOrder(db: Executor, userId: number, workspaceId: number | null) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(storeOrders).values({ user_id: userId, workspace_id: workspaceId }).returning({ order_id: storeOrders.order_id });
    const [order] = await tx
      .update(storeOrders)
      .set({ order_index: row.order_id })
      .where(eq(storeOrders.order_id, row.order_id))
      .returning({ order_index: storeOrders.order_index, created_at: storeOrders.created_at });
    return order;
  });
}

/** POST order-products/new-order-product: the order must be the user's, the product a publication of the store. */
export async function newOrderProduct(db: Executor, userId: number, body: { order: { order_index: number }; product: { product_id: number; publication_id: number }; quantity: 1 }) {
  const [order] = await db
    .select({ order_id: storeOrders.order_id, order_index: storeOrders.order_index })
    .from(storeOrders)
    .where(and(eq(storeOrders.order_index, body.order.order_index), eq(storeOrders.user_id, userId)));
  if (!order) throw notFound(STORE_MSG.orderNotFound);
  const [promo] = await db
    .select({ promotion_id: promotions.promotion_id })
    .from(promotions)
    .where(and(eq(promotions.product_id, body.product.product_id), eq(promotions.publication_id, body.product.publication_id)));
  if (!promo) throw notFound(STORE_MSG.productNotFound);
  const [row] = await db
    .insert(storeOrderProducts)
    .values({ order_id: order.order_id, product_id: body.product.product_id, publication_id: body.product.publication_id, quantity: body.quantity })
    .returning({ product_id: storeOrderProducts.product_id, publication_id: storeOrderProducts.publication_id, quantity: storeOrderProducts.quantity });
  return { order_index: order.order_index, ...row };
}
