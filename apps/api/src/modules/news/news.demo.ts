import { count, sql } from 'drizzle-orm';
import { ContentFile } from '@fm/domain';
import type { Executor } from '../../db/client';
import { games, newsItems } from '../../db/schema/index';
import type { DemoContext } from '../demo-seeders';
import { loadContent } from './content-load';
import { AR_TODAY } from '../../db/argentina-today';

/** The example content file (the same content as docs/content-example.json; a test keeps them equal). */
export const EXAMPLE_CONTENT = {
  news: [
    {
      title: 'Soja: la siembra avanza en la región pampeana con buena humedad en los suelos',
      summary: 'Las lluvias de las últimas semanas recargaron los perfiles y permitieron acelerar la implantación de soja de primera en el centro y sur de Santa Fe y el norte de Buenos Aires.',
      image_url: '/news/soja.svg',
      url: 'https://www.bcr.com.ar/es/mercados/gea',
      published_at: '2026-11-26',
    },
    {
      title: 'Trigo: comenzó la cosecha en el norte y los primeros rindes superan el promedio',
      summary: 'En Chaco, Santiago del Estero y el norte de Córdoba las cosechadoras ya recorren los lotes; la calidad comercial se mantiene y el peso hectolítrico es bueno.',
      image_url: '/news/trigo.svg',
      url: 'https://www.bcr.com.ar/es/mercados/gea',
      published_at: '2026-11-25',
    },
    {
      title: 'Chicharrita del maíz: el INTA recomienda monitorear los maíces tempranos',
      summary: 'Los técnicos aconsejan revisar trampas y plantas desde la emergencia, respetar las fechas de siembra de cada zona y elegir híbridos con buen comportamiento sanitario.',
      image_url: '/news/maiz.svg',
      url: 'https://www.inta.gob.ar/noticias',
      published_at: '2026-11-24',
    },
    {
      title: 'Lluvias: el pronóstico trimestral prevé precipitaciones normales a superiores en el Litoral',
      summary: 'El Servicio Meteorológico Nacional publicó su perspectiva para diciembre a febrero, clave para planificar la siembra de segunda y los tratamientos.',
      image_url: '/news/lluvia.svg',
      url: 'https://www.smn.gob.ar/',
      published_at: '2026-11-21',
    },
    {
      title: 'Mercado de granos: la soja disponible cerró la semana con leves subas en Rosario',
      summary: 'La mejora de los precios internacionales y una menor oferta de los productores sostuvieron las cotizaciones de la pizarra rosarina.',
      image_url: '/news/mercado.svg',
      url: 'https://www.bcr.com.ar/es/mercados/granos',
      published_at: '2026-11-20',
    },
    {
      title: 'Fertilización de maíz: cómo ajustar la dosis de nitrógeno con el análisis de suelo',
      summary: 'Muestrear a 0-60 cm antes de la siembra permite conocer el nitrato disponible y ajustar la dosis de urea o UAN al rinde objetivo de cada ambiente.',
      image_url: null,
      url: 'https://fertilizar.org.ar/',
      published_at: '2026-11-18',
    },
  ],
  videos: [
    {
      title: 'Cómo calibrar la pulverizadora antes de la campaña gruesa',
      description: 'En un minuto, los tres pasos para medir el caudal de las pastillas, ajustar la presión y controlar la velocidad de avance antes de aplicar.',
      video_url: 'https://www.youtube.com/@INTAArgentina',
      thumbnail_url: '/news/agro-en-un-minuto.svg',
      published_at: '2026-11-23',
    },
    {
      title: 'Monitoreo de malezas resistentes',
      description: 'Qué mirar en el lote para detectar a tiempo yuyo colorado y rama negra resistentes.',
      video_url: 'https://www.youtube.com/@INTAArgentina',
      thumbnail_url: '/news/agro-en-un-minuto.svg',
      published_at: '2026-10-30',
    },
  ],
  games: [
    {
      game_id: 1,
      question: '¿Qué nutriente aporta principalmente la urea?',
      explanation: 'La urea tiene 46 % de nitrógeno, el nutriente que más demandan el maíz y el trigo.',
      starts_on: '2025-01-01',
      options: [
        { game_option_id: 11, text: 'Nitrógeno', is_correct: true },
        { game_option_id: 12, text: 'Fósforo' },
        { game_option_id: 13, text: 'Potasio' },
        { game_option_id: 14, text: 'Azufre' },
      ],
    },
    {
      game_id: 2,
      question: '¿Qué cultivo fija nitrógeno del aire gracias a bacterias que forman nódulos en sus raíces?',
      explanation: 'La soja, como las demás leguminosas, forma nódulos con Bradyrhizobium que fijan nitrógeno atmosférico: por eso se inocula la semilla.',
      starts_on: '2025-01-01',
      options: [
        { game_option_id: 21, text: 'Maíz' },
        { game_option_id: 22, text: 'Soja', is_correct: true },
        { game_option_id: 23, text: 'Trigo' },
        { game_option_id: 24, text: 'Girasol' },
      ],
    },
    {
      game_id: 3,
      question: 'En la escala de Fehr y Caviness, ¿qué indica el estado R1 de la soja?',
      explanation: 'R1 es inicio de floración: una flor abierta en cualquier nudo del tallo principal.',
      starts_on: '2025-01-01',
      options: [
        { game_option_id: 31, text: 'Emergencia' },
        { game_option_id: 32, text: 'Inicio de formación de vainas' },
        { game_option_id: 33, text: 'Inicio de floración', is_correct: true },
        { game_option_id: 34, text: 'Madurez fisiológica' },
      ],
    },
    {
      game_id: 4,
      question: '¿Cuántos milímetros de lluvia son 10 litros de agua por metro cuadrado?',
      explanation: 'Un milímetro de lluvia es un litro de agua caído sobre un metro cuadrado: 10 litros por m² son 10 mm.',
      starts_on: '2025-01-01',
      options: [
        { game_option_id: 41, text: '1 mm' },
        { game_option_id: 42, text: '10 mm', is_correct: true },
        { game_option_id: 43, text: '100 mm' },
      ],
    },
  ],
  campaigns: [
    {
      type: 'home_banner',
      origin: 'web',
      title: 'Registrá las lluvias de tus campos',
      text: 'Cargá los milímetros de cada establecimiento y seguí el acumulado de la campaña mes a mes.',
      image_url: '/news/banner-lluvias.svg',
      link_url: '/lluvias',
    },
    {
      type: 'reports_banner',
      origin: 'all',
      title: 'Reportes de tu campaña',
      text: 'Costos por lote, stock de insumos y márgenes en un clic, listos para compartir con tu asesor.',
      image_url: null,
      link_url: null,
    },
    {
      type: 'popup',
      origin: 'mobile',
      title: 'Nueva versión de la app',
      text: 'Actualizá la app para cargar monitoreos sin conexión.',
      image_url: null,
      link_url: null,
    },
    { type: 'ecosystem', title: 'Semillera Pampa', text: 'Semillas de soja y maíz para la zona núcleo.', image_url: '/store/semillera-pampa.svg', link_url: '/tienda-de-insumos', brand_type: 'semillas', brand_name: 'Semillera Pampa' },
    { type: 'ecosystem', title: 'Fertilizantes del Litoral', text: 'Urea, MAP y mezclas a medida.', image_url: '/store/fertilizantes-litoral.svg', link_url: '/tienda-de-insumos', brand_type: 'fertilizantes', brand_name: 'Fertilizantes del Litoral' },
    { type: 'ecosystem', title: 'Agro Sur', text: 'Herbicidas y fitosanitarios con entrega en campo.', image_url: '/store/agro-sur.svg', link_url: '/tienda-de-insumos', brand_type: 'fitosanitarios', brand_name: 'Agro Sur' },
  ],
};

const DAY = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The example moved in time so its newest news item is today's (the demo never shows a stale "news" page). */
export function exampleContentAsOf(today: string): ContentFile {
  const file = ContentFile.parse(EXAMPLE_CONTENT);
  const newest = file.news?.[0]?.published_at ?? today;
  const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${newest}T00:00:00Z`)) / DAY);
  return {
    ...file,
    news: file.news?.map((n) => ({ ...n, published_at: shift(n.published_at, days) })),
    videos: file.videos?.map((v) => ({ ...v, published_at: shift(v.published_at, days) })),
  };
}

/** Demo content (issue 12 §7): the example, only when the operator has loaded no news and no games yet. */
export async function seedNewsDemo(tx: Executor, _ctx: DemoContext): Promise<void> {
  const [{ n, today }] = await tx.select({ n: count(), today: sql<string>`to_char(${AR_TODAY}, 'YYYY-MM-DD')` }).from(newsItems);
  const [{ g }] = await tx.select({ g: count() }).from(games);
  if (n > 0 || g > 0) return;
  await loadContent(tx, exampleContentAsOf(today));
}
