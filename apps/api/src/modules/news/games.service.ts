import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { NEWS_MSG, type Game, type GameAnswer, type GameAnswerResult } from '@fm/domain';
import type { Executor } from '../../db/client';
import { gameAnswers, gameOptions, games } from '../../db/schema/index';
import { conflict, notFound } from '../../http/errors';
import { AR_TODAY } from '../../db/argentina-today';

const playableToday = and(eq(games.active, true), lte(games.starts_on, AR_TODAY), or(isNull(games.ends_on), gte(games.ends_on, AR_TODAY)));

/**
 * GET games: the active games of today with their options, in the operator's order. is_correct never leaves the
 * server before the user answered; then `answer` carries the chosen option, the correct one and the explanation.
 */
export async function listGames(db: Executor, userId: number): Promise<Game[]> {
  const rows = await db
    .select({ game_id: games.game_id, question: games.question, explanation: games.explanation, starts_on: games.starts_on, ends_on: games.ends_on })
    .from(games)
    .where(playableToday)
    .orderBy(asc(games.position), asc(games.game_id));
  if (rows.length === 0) return [];
  const ids = rows.map((g) => g.game_id);
  const [options, answers] = await Promise.all([
    db
      .select({ game_id: gameOptions.game_id, game_option_id: gameOptions.game_option_id, text: gameOptions.text, is_correct: gameOptions.is_correct })
      .from(gameOptions)
      .where(inArray(gameOptions.game_id, ids))
      .orderBy(asc(gameOptions.position), asc(gameOptions.game_option_id)),
    db
      .select({ game_id: gameAnswers.game_id, game_option_id: gameAnswers.game_option_id, answered_at: gameAnswers.answered_at })
      .from(gameAnswers)
      .where(and(eq(gameAnswers.user_id, userId), inArray(gameAnswers.game_id, ids))),
  ]);
  return rows.map((g) => {
    const own = options.filter((o) => o.game_id === g.game_id);
    const answer = answers.find((a) => a.game_id === g.game_id);
    const correct = own.find((o) => o.is_correct)?.game_option_id ?? 0;
    const revealed: GameAnswer | null = answer
      ? { game_option_id: answer.game_option_id, is_correct: answer.game_option_id === correct, correct_option_id: correct, explanation: g.explanation, answered_at: answer.answered_at.toISOString() }
      : null;
    return { game_id: g.game_id, question: g.question, starts_on: g.starts_on, ends_on: g.ends_on, options: own.map((o) => ({ game_option_id: o.game_option_id, text: o.text })), answer: revealed };
  });
}

/**
 * POST user/v1/games/answer?game_option_id: one answer per user and game (a second one is a 409, also under a race:
 * the unique index decides). An option of a game that is inactive or not running today is unknown (404).
 */
export async function answerGame(db: Executor, userId: number, optionId: number): Promise<GameAnswerResult> {
  const [option] = await db
    .select({ game_id: gameOptions.game_id, explanation: games.explanation })
    .from(gameOptions)
    .innerJoin(games, eq(games.game_id, gameOptions.game_id))
    .where(and(eq(gameOptions.game_option_id, optionId), playableToday));
  if (!option) throw notFound(NEWS_MSG.optionNotFound);
  const [saved] = await db
    .insert(gameAnswers)
    .values({ game_id: option.game_id, game_option_id: optionId, user_id: userId })
    .onConflictDoNothing({ target: [gameAnswers.game_id, gameAnswers.user_id] })
    .returning({ answered_at: gameAnswers.answered_at });
  if (!saved) throw conflict(NEWS_MSG.alreadyAnswered);
  const [correct] = await db
    .select({ game_option_id: gameOptions.game_option_id })
    .from(gameOptions)
    .where(and(eq(gameOptions.game_id, option.game_id), eq(gameOptions.is_correct, true)));
  const correctId = correct?.game_option_id ?? 0;
  return {
    game_id: option.game_id,
    game_option_id: optionId,
    is_correct: optionId === correctId,
    correct_option_id: correctId,
    explanation: option.explanation,
    answered_at: saved.answered_at.toISOString(),
  };
}
