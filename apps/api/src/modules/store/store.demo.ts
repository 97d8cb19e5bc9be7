import { count } from 'drizzle-orm';
import { StoreFile } from '@fm/domain';
import type { Executor } from '../../db/client';
import { promotions } from '../../db/schema/index';
import type { DemoContext } from '../demo-seeders';
import { loadStore } from './store.service';

/** The example store file (the same content as docs/store-example.json; a test keeps them equal). */
export const EXAMPLE_STORE = {
  phones: {
    'Agro Sur': '+54 9 341 555-0101',
    'Semillera Pampa': '+54 9 2477 55-0202',
    'Fertilizantes del Litoral': '+54 9 342 555-0303',
  },
  promotions: [
    {
      title: 'Glifosato 66,2 % x 20 L',
      description: 'Herbicida total sistémico. Bidón de 20 litros, entrega en campo en la zona núcleo.',
      price_text: 'US$ 98.00',
      brand_image: '/store/agro-sur.svg',
      product_id: 1001,
      publication_id: 5001,
      category: 'Herbicidas',
      seller: 'Agro Sur',
    },
    {
      title: 'Semilla de soja DM 46R18 STS',
      description: 'Bolsa de 40 kg, grupo 4.6, alto potencial en siembras de primera.',
      price_text: 'US$ 42.50',
      brand_image: '/store/semillera-pampa.svg',
      product_id: 1002,
      publication_id: 5002,
      category: 'Semillas',
      seller: 'Semillera Pampa',
    },
    {
      title: 'Urea granulada 46-0-0',
      description: 'Big bag de 1000 kg. Consultá por precio de contado y canje por granos.',
      price_text: 'US$ 0.00',
      brand_image: '/store/fertilizantes-litoral.svg',
      product_id: 1003,
      publication_id: 5003,
      category: 'Fertilizantes',
      seller: 'Fertilizantes del Litoral',
    },
    {
      title: 'Fosfato monoamónico (MAP)',
      description: 'Big bag de 1000 kg, 11-52-0, para la fertilización de base de trigo y maíz.',
      price_text: 'US$ 780.00 / tn',
      brand_image: '/store/fertilizantes-litoral.svg',
      product_id: 1004,
      publication_id: 5004,
      category: 'Fertilizantes',
      seller: 'Fertilizantes del Litoral',
    },
    {
      title: 'Atrazina 90 % WG x 10 kg',
      description: 'Herbicida preemergente para maíz y sorgo.',
      price_text: 'US$ 61.00',
      brand_image: '/store/agro-sur.svg',
      product_id: 1005,
      publication_id: 5005,
      category: 'Herbicidas',
      seller: 'Agro Sur',
    },
    {
      title: 'Semilla de maíz híbrido DK 72-10',
      description: 'Bolsa de 80.000 semillas, tecnología VT3P.',
      price_text: 'US$ 210.00',
      brand_image: '/store/semillera-pampa.svg',
      product_id: 1006,
      publication_id: 5006,
      category: 'Semillas',
      seller: 'Semillera Pampa',
    },
  ],
  access_cards: [
    { img: '/store/card-informes.svg', link: 'https://www.bcr.com.ar/es/mercados/granos' },
    { img: '/store/card-clima.svg', link: 'https://www.smn.gob.ar/' },
    { img: '/store/card-noticias.svg', link: 'https://www.inta.gob.ar/noticias' },
  ],
};

/** Demo store (issue 12 item 9): the example file, only when the operator has loaded no promotions yet. */
export async function seedStoreDemo(tx: Executor, _ctx: DemoContext): Promise<void> {
  const [{ n }] = await tx.select({ n: count() }).from(promotions);
  if (n > 0) return;
  await loadStore(tx, StoreFile.parse(EXAMPLE_STORE));
}
