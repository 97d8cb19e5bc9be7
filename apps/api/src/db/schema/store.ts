import { pgTable, integer, varchar, boolean, index, timestamp } from 'drizzle-orm/pg-core';
import { id, timestamps } from './common';
import { users } from './users';
import { workspaces } from './workspaces';

/**
 * Promoted supplies of the store (spec doc 3 "Supplies store and promotions", doc 1 §3 Promoted item).
 * Loaded by the operator (`npm run admin -- load-store <file.json>`); brand_image is an URL or a
 * path served by the web app. seller_phone is the seller's chat number (digits, with country code).
 */
export const promotions = pgTable(
  'promotions',
  {
    promotion_id: id('promotion_id'),
    title: varchar('title', { length: 120 }).notNull(),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    price_text: varchar('price_text', { length: 60 }).notNull().default(''),
    brand_image: varchar('brand_image', { length: 1000 }),
    product_id: integer('product_id').notNull(),
    publication_id: integer('publication_id').notNull(),
    category: varchar('category', { length: 60 }).notNull().default('Otros'),
    seller_phone: varchar('seller_phone', { length: 30 }).notNull(),
    order_index: integer('order_index').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [index('promotions_order_idx').on(t.active, t.order_index, t.promotion_id)],
);

/** Access cards of the home carousel (doc 1 §3 Access card: id, img, link). */
export const accessCards = pgTable('access_cards', {
  id: id('id'),
  img: varchar('img', { length: 1000 }).notNull(),
  link: varchar('link', { length: 1000 }).notNull(),
  order_index: integer('order_index').notNull().default(0),
  ...timestamps,
});

/** An order opened when a user consults a promotion (POST orders/new); order_index is its public reference. */
export const storeOrders = pgTable(
  'store_orders',
  {
    order_id: id('order_id'),
    user_id: integer('user_id').notNull().references(() => users.user_id),
    workspace_id: integer('workspace_id').references(() => workspaces.workspace_id),
    order_index: integer('order_index').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('store_orders_user_idx').on(t.user_id, t.order_id), index('store_orders_workspace_idx').on(t.workspace_id)],
);

/** The products of an order (POST order-products/new-order-product, quantity 1). */
export const storeOrderProducts = pgTable(
  'store_order_products',
  {
    store_order_product_id: id('store_order_product_id'),
    order_id: integer('order_id').notNull().references(() => storeOrders.order_id, { onDelete: 'cascade' }),
    product_id: integer('product_id').notNull(),
    publication_id: integer('publication_id').notNull(),
    quantity: integer('quantity').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('store_order_products_order_idx').on(t.order_id)],
);
