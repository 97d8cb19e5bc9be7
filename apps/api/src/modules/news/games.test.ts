import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NEWS_MSG, PLAN, type Game, type GameAnswerResult } from '@fm/domain';
import { gameAnswers, users } from '../../db/schema/index';
import { CliError, runCommand } from '../../admin/commands';
import { buildUser, call, createTestApp, json, type TestApp, type TestUser } from '../../test/app';
import { day } from './content.test-helpers';

let app: TestApp;
let ana: TestUser;
let beto: TestUser;
let dir: string;


type GameSpec = { game_id: number; question: string; explanation?: string | null; starts_on?: string; ends_on?: string | null; active?: boolean; options: { game_option_id: number; text: string; is_correct?: boolean }[] };
const urea: GameSpec = {
  game_id: 1,
  question: '¿Qué nutriente aporta principalmente la urea?',
  explanation: 'La urea tiene 46 % de nitrógeno.',
  options: [
    { game_option_id: 11, text: 'Nitrógeno', is_correct: true },
    { game_option_id: 12, text: 'Fósforo' },
    { game_option_id: 13, text: 'Potasio' },
  ],
};
const lluvia: GameSpec = { game_id: 2, question: '¿Cuántos mm son 10 litros por m²?', explanation: null, options: [{ game_option_id: 21, text: '1 mm' }, { game_option_id: 22, text: '10 mm', is_correct: true }] };
const hidden: GameSpec[] = [
  { game_id: 3, question: 'Empieza mañana', starts_on: day(1), options: [{ game_option_id: 31, text: 'a', is_correct: true }, { game_option_id: 32, text: 'b' }] },
  { game_id: 4, question: 'Terminó ayer', starts_on: day(-9), ends_on: day(-1), options: [{ game_option_id: 41, text: 'a', is_correct: true }, { game_option_id: 42, text: 'b' }] },
  { game_id: 5, question: 'Inactivo', active: false, options: [{ game_option_id: 51, text: 'a', is_correct: true }, { game_option_id: 52, text: 'b' }] },
];

async function load(list: GameSpec[]): Promise<string> {
  const path = join(dir, `games-${Math.random().toString(36).slice(2)}.json`);
  await writeFile(path, JSON.stringify({ games: list.map((g) => ({ starts_on: day(-1), ...g })) }));
  return runCommand(app.db, ['load-content', path]);
}
const games = async (u: TestUser) => json<Game[]>(await call(app, 'GET', `games?workspace_id=${u.workspace_id}&workspace=true`, { token: u.token })).data;
const answer = (u: TestUser, option: number | string) => call(app, 'POST', `user/v1/games/answer?game_option_id=${option}&workspace_id=${u.workspace_id}&workspace=true`, { token: u.token });

beforeAll(async () => {
  app = await createTestApp();
  [ana, beto] = await Promise.all([buildUser(app), buildUser(app)]);
  dir = await mkdtemp(join(tmpdir(), 'fm-games-'));
  await load([urea, lluvia, ...hidden]);
});
afterAll(() => app.cleanup());

describe('GET games', () => {
  it("lists today's active games with options, never revealing the correct one before answering", async () => {
    expect((await call(app, 'GET', 'games')).statusCode).toBe(401);
    const list = await games(ana);
    expect(list.map((g) => g.game_id)).toEqual([1, 2]);
    expect(list[0]).toEqual({
      game_id: 1,
      question: urea.question,
      starts_on: day(-1),
      ends_on: null,
      options: [
        { game_option_id: 11, text: 'Nitrógeno' },
        { game_option_id: 12, text: 'Fósforo' },
        { game_option_id: 13, text: 'Potasio' },
      ],
      answer: null,
    });
    const raw = (await call(app, 'GET', 'games', { token: ana.token })).body;
    expect(raw).not.toContain('is_correct');
    expect(raw).not.toContain('46 %');
  });
});

describe('POST user/v1/games/answer?game_option_id', () => {
  it('validates the option id with a Spanish 422', async () => {
    for (const bad of ['', 'abc', '0', '-3', '1.5']) {
      const res = await answer(ana, bad);
      expect(res.statusCode, bad).toBe(422);
      expect(json(res).detail?.[0], bad).toEqual({ loc: ['querystring', 'game_option_id'], msg: NEWS_MSG.optionId });
    }
    const missing = await call(app, 'POST', 'user/v1/games/answer', { token: ana.token });
    expect(json(missing).detail?.[0].msg).toBe(NEWS_MSG.optionId);
  });

  it('an unknown option, or one of a game not running today or inactive, is a 404', async () => {
    for (const option of [999, 31, 41, 51]) {
      const res = await answer(ana, option);
      expect(res.statusCode, String(option)).toBe(404);
      expect(json(res).message).toBe(NEWS_MSG.optionNotFound);
    }
  });

  it('answers once: reveals correctness and the explanation; a second answer is a 409; other users are isolated', async () => {
    const res = await answer(ana, 12);
    expect(res.statusCode).toBe(201);
    const [result] = json<GameAnswerResult[]>(res).data;
    expect(result).toMatchObject({ game_id: 1, game_option_id: 12, is_correct: false, correct_option_id: 11, explanation: urea.explanation });

    for (const again of [12, 11]) {
      const second = await answer(ana, again);
      expect(second.statusCode).toBe(409);
      expect(json(second).message).toBe(NEWS_MSG.alreadyAnswered);
    }
    const [first, other] = await games(ana);
    expect(first.answer).toMatchObject({ game_option_id: 12, is_correct: false, correct_option_id: 11, explanation: urea.explanation });
    expect(other.answer).toBeNull();

    // Beto sees none of Ana's answers and answers on his own
    expect((await games(beto)).map((g) => g.answer)).toEqual([null, null]);
    const right = json<GameAnswerResult[]>(await answer(beto, 22)).data[0];
    expect(right).toMatchObject({ game_id: 2, is_correct: true, correct_option_id: 22, explanation: null });
    expect((await games(ana))[1].answer).toBeNull();
  });

  it('two answers at once for the same game: exactly one is kept', async () => {
    const carla = await buildUser(app);
    const codes = (await Promise.all([answer(carla, 21), answer(carla, 22), answer(carla, 21)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    expect(await app.db.select().from(gameAnswers).where(eq(gameAnswers.user_id, carla.user_id))).toHaveLength(1);
  });

  it('an expired trial has no games (the news flag is off) but keeps the home campaigns', async () => {
    const expired = await buildUser(app, { plan_id: PLAN.TRIAL });
    await app.db.update(users).set({ plan_end_date: new Date(Date.now() - 86_400_000) }).where(eq(users.user_id, expired.user_id));
    expect((await call(app, 'GET', 'games', { token: expired.token })).statusCode).toBe(404);
    expect((await call(app, 'GET', 'campaigns/home_banner?origin=web', { token: expired.token })).statusCode).toBe(200);
  });
});

describe('reloading the games keeps the answers of the games that keep their ids', () => {
  it('texts and order may change; an answered option may not be dropped or moved; a dropped game takes its answers', async () => {
    const before = await app.db.select().from(gameAnswers);
    expect(before.length).toBeGreaterThanOrEqual(3);

    const edited: GameSpec = { ...urea, question: '¿Qué nutriente aporta la urea?', options: [{ game_option_id: 12, text: 'Fósforo (P)' }, ...urea.options.filter((o) => o.game_option_id !== 12)] };
    expect(await load([lluvia, edited])).toBe('Contenido cargado: 2 juegos.');
    const [g2, g1] = await games(ana);
    expect([g2.game_id, g1.game_id]).toEqual([2, 1]);
    expect(g1.question).toBe('¿Qué nutriente aporta la urea?');
    expect(g1.options[0]).toEqual({ game_option_id: 12, text: 'Fósforo (P)' });
    expect(g1.answer).toMatchObject({ game_option_id: 12, is_correct: false });
    expect(await app.db.select().from(gameAnswers)).toHaveLength(before.length);

    const dropped = { ...urea, options: urea.options.filter((o) => o.game_option_id !== 12).concat({ game_option_id: 14, text: 'Azufre' }) };
    const err = await load([lluvia, dropped]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as Error).message).toBe('El archivo quita o mueve opciones ya respondidas: opción 12 del juego 1 (1 respuestas). Dejalas en su juego (podés cambiar su texto). No se cambió nada.');
    const moved = { ...lluvia, options: [...lluvia.options, { game_option_id: 12, text: 'Fósforo' }] };
    await expect(load([moved, { ...urea, options: urea.options.filter((o) => o.game_option_id !== 12) }])).rejects.toThrow('opción 12 del juego 1');
    expect((await games(ana))[1].question).toBe('¿Qué nutriente aporta la urea?');

    // an unanswered option may go, and the game may change its correct option
    const fixed = { ...urea, options: [{ game_option_id: 11, text: 'Nitrógeno' }, { game_option_id: 12, text: 'Fósforo', is_correct: true }] };
    await load([lluvia, fixed]);
    expect((await games(ana)).find((g) => g.game_id === 1)?.answer).toMatchObject({ game_option_id: 12, is_correct: true, correct_option_id: 12 });

    await load([fixed]);
    expect((await games(beto)).map((g) => g.game_id)).toEqual([1]);
    const left = await app.db.select().from(gameAnswers);
    expect(left.every((a) => a.game_id === 1)).toBe(true);
    expect(left.length).toBeLessThan(before.length);
  });
});
