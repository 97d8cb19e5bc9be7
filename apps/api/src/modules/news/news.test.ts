import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentFile, NEWS_MSG, type AgroVideo, type Campaign, type NewsItem } from '@fm/domain';
import { campaigns, newsItems } from '../../db/schema/index';
import { CliError, runCommand } from '../../admin/commands';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { day, today } from './content.test-helpers';
import { EXAMPLE_CONTENT, exampleContentAsOf, seedNewsDemo } from './news.demo';

let app: TestApp;
let user: TestUser;
let dir: string;


beforeAll(async () => {
  app = await createTestApp();
  user = await buildUser(app);
  dir = await mkdtemp(join(tmpdir(), 'fm-content-'));
});
afterAll(() => app.cleanup());

const writeJson = async (name: string, value: unknown) => {
  const path = join(dir, name);
  await writeFile(path, typeof value === 'string' ? value : JSON.stringify(value));
  return path;
};
const get = (path: string) => call(app, 'GET', path, { token: user.token });
const news = (title: string, published_at: string, extra: object = {}) => ({ title, url: 'https://www.inta.gob.ar/noticias', published_at, ...extra });
const campaign = (title: string, extra: object = {}) => ({ type: 'home_banner', title, ...extra });

describe('news: operator file', () => {
  it('docs/content-example.json is the demo content, and it is valid', async () => {
    const docs = JSON.parse(await readFile(resolve(__dirname, '../../../../../docs/content-example.json'), 'utf8'));
    expect(docs).toEqual(EXAMPLE_CONTENT);
    expect(ContentFile.safeParse(docs).success).toBe(true);
  });

  it('the demo seeding loads the example dated up to today, and never overwrites loaded content', async () => {
    await seedNewsDemo(app.db, { userId: user.user_id, workspaceId: user.workspace_id });
    const list = json<NewsItem[]>(await get('news?per_page=50')).data;
    expect(list).toHaveLength(6);
    expect(list[0].published_at).toBe(today);
    expect(list[1].published_at).toBe(day(-1));
    expect(exampleContentAsOf('2026-12-01').videos?.[0].published_at).toBe('2026-11-28');
    await runCommand(app.db, ['load-content', await writeJson('one.json', { news: [news('Única', day(-3))] })]);
    await seedNewsDemo(app.db, { userId: user.user_id, workspaceId: user.workspace_id });
    expect(json<NewsItem[]>(await get('news')).data.map((n) => n.title)).toEqual(['Única']);
  });

  it('load-content replaces only the sections the file has; a bad file changes nothing and says why', async () => {
    expect(await runCommand(app.db, ['load-content', await writeJson('example.json', EXAMPLE_CONTENT)])).toBe('Contenido cargado: 6 novedades, 2 videos, 4 juegos, 6 campañas.');
    expect(await runCommand(app.db, ['load-content', await writeJson('campaigns.json', { campaigns: [campaign('Solo banner')] })])).toBe('Contenido cargado: 1 campañas.');
    expect(await app.db.select().from(newsItems)).toHaveLength(6);
    expect((await app.db.select().from(campaigns)).map((c) => c.title)).toEqual(['Solo banner']);

    const failure = async (name: string, file: unknown) => {
      const err = await runCommand(app.db, ['load-content', await writeJson(name, file)]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CliError);
      expect((err as Error).message).toContain('no se cambió nada');
      return (err as Error).message;
    };
    const fields = await failure('fields.json', {
      news: [news('Sin URL', today, { url: 'ftp://x' })],
      games: [{ game_id: 1, question: '¿?', starts_on: today, options: [{ game_option_id: 3, text: 'a' }] }],
      campaigns: [campaign('Mal origen', { origin: 'tv' })],
    });
    for (const text of ['news.0.url: La URL debe empezar con http:// o https://', 'games.0.options: Un juego necesita al menos 2 opciones', `campaigns.0.origin: ${NEWS_MSG.origin}`]) expect(fields).toContain(text);
    const rules = await failure('rules.json', {
      games: [
        { game_id: 1, question: '¿?', starts_on: today, options: [{ game_option_id: 1, text: 'a', is_correct: true }, { game_option_id: 1, text: 'b', is_correct: true }] },
        { game_id: 1, question: '¿Otra?', starts_on: today, ends_on: day(-1), options: [{ game_option_id: 3, text: 'a' }, { game_option_id: 4, text: 'b', is_correct: true }] },
      ],
    });
    for (const text of ['games.0.options.1.game_option_id: game_option_id 1 repetido', 'games.1.game_id: game_id 1 repetido', 'games.0.options: Cada juego tiene exactamente una opción correcta', 'games.1.ends_on: La fecha de fin es anterior a la de inicio']) {
      expect(rules).toContain(text);
    }
    await expect(runCommand(app.db, ['load-content', await writeJson('broken.json', '[')])).rejects.toThrow('no es un JSON válido');
    await expect(runCommand(app.db, ['load-content'])).rejects.toThrow('Uso: load-content');
    expect(await runCommand(app.db, ['load-content', await writeJson('empty.json', {})])).toContain('no se cambió nada');
    expect(await app.db.select().from(newsItems)).toHaveLength(6);
  });
});

describe('news: GET news and GET news/video', () => {
  beforeAll(async () => {
    await runCommand(app.db, [
      'load-content',
      await writeJson('news.json', {
        news: [news('Vieja', day(-10)), news('Mañana', day(1)), news('Hoy B', today), news('Hoy A', today), news('Ayer', day(-1)), news('Oculta', day(-2), { active: false })],
        videos: [
          { title: 'Anterior', video_url: 'https://example.com/a.mp4', published_at: day(-7) },
          { title: 'Programado', video_url: 'https://example.com/b.mp4', published_at: day(2) },
          { title: 'Actual', description: 'Un minuto', video_url: 'https://www.youtube.com/watch?v=x', thumbnail_url: '/news/agro-en-un-minuto.svg', published_at: day(-1) },
          { title: 'Inactivo', video_url: 'https://example.com/c.mp4', published_at: today, active: false },
        ],
      }),
    ]);
  });

  it('needs a token; pages the published active news newest first (the file order within a day)', async () => {
    expect((await call(app, 'GET', 'news')).statusCode).toBe(401);
    const res = await get('news');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=600');
    const body = json<NewsItem[]>(res);
    expect(body.data.map((n) => n.title)).toEqual(['Hoy B', 'Hoy A', 'Ayer', 'Vieja']);
    expect(body).toMatchObject({ total: 4, page: 1, per_page: 10 });
    expect(Object.keys(body.data[0]).sort()).toEqual(['image_url', 'news_item_id', 'published_at', 'summary', 'title', 'url']);
    const page2 = json<NewsItem[]>(await get('news?page=2&per_page=3'));
    expect(page2.data.map((n) => n.title)).toEqual(['Vieja']);
    expect(page2).toMatchObject({ total: 4, page: 2, per_page: 3 });
    const tooMany = await get('news?per_page=51');
    expect(tooMany.statusCode).toBe(422);
    expect(json(tooMany).detail?.[0].loc).toEqual(['querystring', 'per_page']);
  });

  it('the video is the newest active one already published; none loaded is an empty list', async () => {
    const [video] = json<AgroVideo[]>(await get('news/video')).data;
    expect(video).toMatchObject({ title: 'Actual', description: 'Un minuto', video_url: 'https://www.youtube.com/watch?v=x', thumbnail_url: '/news/agro-en-un-minuto.svg', published_at: day(-1) });
    await runCommand(app.db, ['load-content', await writeJson('no-videos.json', { videos: [] })]);
    const none = await get('news/video');
    expect(none.statusCode).toBe(200);
    expect(json(none).data).toEqual([]);
  });

  it('a member of another workspace cannot read through it (workspace_id of a workspace not theirs: 403)', async () => {
    const stranger = await buildUser(app);
    expect((await call(app, 'GET', `news?workspace_id=${user.workspace_id}&workspace=true`, { token: stranger.token })).statusCode).toBe(403);
    expect((await call(app, 'GET', `news?workspace_id=${stranger.workspace_id}&workspace=true`, { token: stranger.token })).statusCode).toBe(200);
  });
});

describe('campaigns: GET campaigns/{type}?origin and GET campaigns/ecosystem?brand_types&origin', () => {
  beforeAll(async () => {
    await runCommand(app.db, [
      'load-content',
      await writeJson('campaigns.json', {
        campaigns: [
          campaign('Para web', { origin: 'web', link_url: '/lluvias', image_url: '/news/banner-lluvias.svg' }),
          campaign('Para todos'),
          campaign('Para mobile', { origin: 'mobile' }),
          campaign('Terminada', { ends_on: day(-1) }),
          campaign('Futura', { starts_on: day(1) }),
          campaign('En curso', { starts_on: day(-5), ends_on: today }),
          campaign('Apagada', { active: false }),
          campaign('Reportes', { type: 'reports_banner' }),
          { type: 'ecosystem', title: 'Semillera', brand_type: 'semillas', brand_name: 'Semillera Pampa' },
          { type: 'ecosystem', title: 'Fertilizantes', brand_type: 'fertilizantes', brand_name: 'Fertilizantes del Litoral', origin: 'mobile' },
          { type: 'ecosystem', title: 'Maquinaria', brand_type: 'maquinaria' },
          { type: 'ecosystem', title: 'Sin tipo' },
        ],
      }),
    ]);
  });
  const titles = async (path: string) => json<Campaign[]>(await get(path)).data.map((c) => c.title);

  it('filters by type, origin (web or mobile also gets "all") and dates, in the file order', async () => {
    expect((await call(app, 'GET', 'campaigns/home_banner')).statusCode).toBe(401);
    expect(await titles('campaigns/home_banner?origin=web')).toEqual(['Para web', 'Para todos', 'En curso']);
    expect(await titles('campaigns/home_banner?origin=mobile')).toEqual(['Para todos', 'Para mobile', 'En curso']);
    expect(await titles('campaigns/home_banner')).toEqual(['Para web', 'Para todos', 'Para mobile', 'En curso']);
    expect(await titles('campaigns/home_banner?origin=all')).toEqual(['Para web', 'Para todos', 'Para mobile', 'En curso']);
    expect(await titles('campaigns/reports_banner?origin=web')).toEqual(['Reportes']);
    expect(await titles('campaigns/popup?origin=web')).toEqual([]);
    const [first] = json<Campaign[]>(await get('campaigns/home_banner?origin=web')).data;
    expect(first).toMatchObject({ type: 'home_banner', origin: 'web', link_url: '/lluvias', image_url: '/news/banner-lluvias.svg', brand_type: null, starts_on: null, ends_on: null });
  });

  it('ecosystem: brand cards of the listed brand types', async () => {
    expect(await titles('campaigns/ecosystem?brand_types=semillas,fertilizantes')).toEqual(['Semillera', 'Fertilizantes']);
    expect(await titles('campaigns/ecosystem?brand_types=fertilizantes, semillas&origin=web')).toEqual(['Semillera']);
    expect(await titles('campaigns/ecosystem')).toEqual(['Semillera', 'Fertilizantes', 'Maquinaria', 'Sin tipo']);
    expect(await titles('campaigns/ecosystem?brand_types=ganaderia')).toEqual([]);
  });

  it('bad origin, type or brand_types: 422 with the Spanish message', async () => {
    for (const [path, msg] of [
      ['campaigns/home_banner?origin=tv', NEWS_MSG.origin],
      ['campaigns/Home-Banner', NEWS_MSG.type],
      ['campaigns/ecosystem?brand_types=semillas;drop', NEWS_MSG.brandTypes],
      ['campaigns/ecosystem?brand_types=,', NEWS_MSG.brandTypes],
    ]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(422);
      expect(json(res).detail?.map((d) => d.msg), path).toContain(msg);
    }
  });
});
