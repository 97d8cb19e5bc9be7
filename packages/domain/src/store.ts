import { z } from 'zod';

/** Supplies store and promotions (spec doc 3 "Supplies store and promotions"; doc 1 §2.2, §3, §7). */

/** A promoted item as the API serves it (doc 1 §3: id, title, description, price text, brand_image, product_id, publication_id). */
export type Promotion = {
  id: number;
  title: string;
  description: string;
  price_text: string;
  brand_image: string | null;
  product_id: number;
  publication_id: number;
  category: string;
  order_index: number;
};

/** A seller's phone of the phone list: the chat number answering for a publication. */
export type SellerPhone = { product_id: number; publication_id: number; phone: string };

/** An access card of the home carousel (doc 1 §3: id, img, link). */
export type AccessCard = { id: number; img: string; link: string };

export const STORE_MSG = {
  orderNotFound: 'No se encontró el pedido',
  productNotFound: 'No se encontró el producto en la tienda',
  quantity: 'La cantidad debe ser 1',
} as const;

/** 'Consultá' when the price is US$ 0.00 (doc 3), 'Consultar' otherwise. */
export function consultLabel(priceText: string): 'Consultar' | 'Consultá' {
  const compact = priceText.replace(/\s+/g, '').toUpperCase();
  return /^(US\$|U\$S|USD)0([.,]0+)?$/.test(compact) ? 'Consultá' : 'Consultar';
}

/** The text sent to the seller when a promotion is consulted. */
export function consultText(p: Pick<Promotion, 'title' | 'price_text'>): string {
  return `Hola, quiero consultar por ${p.title}${p.price_text ? ` (${p.price_text})` : ''} que vi en la Tienda de insumos.`;
}

/** https://wa.me/<phone digits>?text=<text> */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

const phone = z
  .string()
  .trim()
  .transform((s) => s.replace(/[\s()+-]/g, ''))
  .pipe(z.string().regex(/^\d{8,15}$/, 'El teléfono debe tener entre 8 y 15 dígitos, con código de país'));
const urlOrPath = z
  .string()
  .trim()
  .max(1000)
  .refine((s) => /^https?:\/\/\S+$/.test(s) || /^\/\S+$/.test(s), 'Debe ser una URL (http/https) o una ruta que empiece con /');

/** The operator's store file (`npm run admin -- load-store <file.json>`); it replaces the whole set. */
export const StoreFile = z
  .object({
    phones: z.record(z.string().trim().min(1).max(60), phone).default({}),
    promotions: z
      .array(
        z.object({
          title: z.string().trim().min(1).max(120),
          description: z.string().trim().max(1000).default(''),
          price_text: z.string().trim().max(60).default(''),
          brand_image: urlOrPath.nullable().default(null),
          product_id: z.number().int().positive(),
          publication_id: z.number().int().positive(),
          category: z.string().trim().min(1).max(60).default('Otros'),
          /** a key of `phones` or the number itself */
          seller: z.string().trim().min(1).max(60),
          active: z.boolean().default(true),
        }),
      )
      .max(500),
    access_cards: z.array(z.object({ img: urlOrPath, link: z.string().trim().url().max(1000) })).max(100).default([]),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<number>();
    file.promotions.forEach((p, i) => {
      if (seen.has(p.publication_id)) ctx.addIssue({ code: 'custom', path: ['promotions', i, 'publication_id'], message: `publication_id ${p.publication_id} repetido` });
      seen.add(p.publication_id);
      if (!file.phones[p.seller] && !/^\+?[\d\s()-]{8,20}$/.test(p.seller)) {
        ctx.addIssue({ code: 'custom', path: ['promotions', i, 'seller'], message: `El vendedor '${p.seller}' no está en phones ni es un teléfono` });
      }
    });
  });
export type StoreFile = z.infer<typeof StoreFile>;

/** POST order-products/new-order-product: order data, product data, quantity 1. */
export const NewOrderProductBody = z.object({
  order: z.object({ order_index: z.coerce.number().int().positive() }),
  product: z.object({ product_id: z.coerce.number().int().positive(), publication_id: z.coerce.number().int().positive() }),
  quantity: z.literal(1, { message: STORE_MSG.quantity }).default(1),
});
export type NewOrderProductBody = z.infer<typeof NewOrderProductBody>;
