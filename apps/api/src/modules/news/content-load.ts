import { and, count, inArray, notInArray, sql } from 'drizzle-orm';
import type { ContentFile } from '@fm/domain';
import type { Executor, Tx } from '../../db/client';
import { agroVideos, campaigns, gameAnswers, gameOptions, games, newsItems } from '../../db/schema/index';

/** A content file that would lose users' answers; nothing was changed. */
export class ContentLoadError extends Error {}

export type ContentCounts = { news?: number; videos?: number; games?: number; campaigns?: number };

type FileGames = NonNullable<ContentFile['games']>;

/**
 * Refuses a games section that drops or moves an answered option of a game that stays: its users' answers must keep
 * pointing at an option of their game. Games left out of the file go, with their answers.
 */
async function checkAnsweredOptions(tx: Tx, fileGames: FileGames): Promise<void> {
  const optionGame = new Map(fileGames.flatMap((g) => g.options.map((o) => [o.game_option_id, g.game_id] as const)));
  const kept = fileGames.map((g) => g.game_id);
  if (kept.length === 0) return;
  const rows = await tx
    .select({ game_id: gameAnswers.game_id, game_option_id: gameAnswers.game_option_id, answers: count() })
    .from(gameAnswers)
    .where(inArray(gameAnswers.game_id, kept))
    .groupBy(gameAnswers.game_id, gameAnswers.game_option_id);
  const lost = rows.filter((r) => optionGame.get(r.game_option_id) !== r.game_id);
  if (lost.length) {
    const list = lost.map((r) => `opción ${r.game_option_id} del juego ${r.game_id} (${r.answers} respuestas)`).join(', ');
    throw new ContentLoadError(`El archivo quita o mueve opciones ya respondidas: ${list}. Dejalas en su juego (podés cambiar su texto).`);
  }
}

async function replaceGames(tx: Tx, fileGames: FileGames): Promise<void> {
  await checkAnsweredOptions(tx, fileGames);
  const ids = fileGames.map((g) => g.game_id);
  const optionIds = fileGames.flatMap((g) => g.options.map((o) => o.game_option_id));
  await tx.delete(games).where(ids.length ? notInArray(games.game_id, ids) : undefined);
  if (ids.length === 0) return;
  await tx.delete(gameOptions).where(and(inArray(gameOptions.game_id, ids), notInArray(gameOptions.game_option_id, optionIds)));
  await tx
    .insert(games)
    .values(fileGames.map((g, i) => ({ game_id: g.game_id, question: g.question, explanation: g.explanation, starts_on: g.starts_on, ends_on: g.ends_on, active: g.active, position: i + 1 })))
    .onConflictDoUpdate({
      target: games.game_id,
      set: {
        question: sql`excluded.question`,
        explanation: sql`excluded.explanation`,
        starts_on: sql`excluded.starts_on`,
        ends_on: sql`excluded.ends_on`,
        active: sql`excluded.active`,
        position: sql`excluded.position`,
        updated_at: sql`now()`,
      },
    });
  await tx
    .insert(gameOptions)
    .values(fileGames.flatMap((g) => g.options.map((o, j) => ({ game_option_id: o.game_option_id, game_id: g.game_id, text: o.text, is_correct: o.is_correct, position: j + 1 }))))
    .onConflictDoUpdate({
      target: gameOptions.game_option_id,
      // an option id the file gives another game moves there (checked above: it has no answers in its old game)
      set: { game_id: sql`excluded.game_id`, text: sql`excluded.text`, is_correct: sql`excluded.is_correct`, position: sql`excluded.position` },
    });
  // ids come from the file: keep the identity sequences past them
  await tx.execute(sql`select setval(pg_get_serial_sequence('games', 'game_id'), (select max(game_id) from games))`);
  await tx.execute(sql`select setval(pg_get_serial_sequence('game_options', 'game_option_id'), (select max(game_option_id) from game_options))`);
}

/**
 * `admin load-content`: each section the file has replaces that content in one transaction (a refused file changes
 * nothing); news, videos and campaigns keep the file's order as their position.
 */
export async function loadContent(db: Executor, file: ContentFile): Promise<ContentCounts> {
  const counts: ContentCounts = {};
  await db.transaction(async (tx) => {
    if (file.news) {
      await tx.delete(newsItems);
      if (file.news.length) await tx.insert(newsItems).values(file.news.map((n, i) => ({ ...n, position: i + 1 })));
      counts.news = file.news.length;
    }
    if (file.videos) {
      await tx.delete(agroVideos);
      if (file.videos.length) await tx.insert(agroVideos).values(file.videos);
      counts.videos = file.videos.length;
    }
    if (file.games) {
      await replaceGames(tx, file.games);
      counts.games = file.games.length;
    }
    if (file.campaigns) {
      await tx.delete(campaigns);
      if (file.campaigns.length) await tx.insert(campaigns).values(file.campaigns.map((c, i) => ({ ...c, position: i + 1 })));
      counts.campaigns = file.campaigns.length;
    }
  });
  return counts;
}
