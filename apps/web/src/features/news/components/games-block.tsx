import { Alert, Button, Card, Empty, Flex, Skeleton, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { Game } from '@fm/domain';
import { toast } from '../../../components/feedback';
import { useAnswerGame, useGames } from '../api';
import { NEWS_TEXT } from '../texts';

const GREEN = '#2e7d32';
const RED = '#c62828';

/** One trivia card: the options as buttons; once answered, which was right, the user's choice and the explanation. */
export function GameCard({ game }: { game: Game }) {
  const answerGame = useAnswerGame();
  const answer = game.answer;
  const choose = (optionId: number) => answerGame.mutate(optionId, { onError: (err) => toast.apiError(err) });
  const correctText = game.options.find((o) => o.game_option_id === answer?.correct_option_id)?.text;
  return (
    <Card size="small" data-testid={`game-${game.game_id}`} style={{ flex: '1 1 320px', maxWidth: 560 }}>
      <Typography.Title level={5} style={{ fontSize: 16, marginTop: 0 }}>
        {game.question}
      </Typography.Title>
      <Flex vertical gap={8}>
        {game.options.map((o) => {
          const chosen = answer?.game_option_id === o.game_option_id;
          const right = answer?.correct_option_id === o.game_option_id;
          const color = answer ? (right ? GREEN : chosen ? RED : undefined) : undefined;
          return (
            <Button
              key={o.game_option_id}
              block
              aria-pressed={chosen}
              disabled={Boolean(answer) || answerGame.isPending}
              loading={answerGame.isPending && answerGame.variables === o.game_option_id}
              onClick={() => choose(o.game_option_id)}
              icon={answer && right ? <CheckCircleFilled /> : answer && chosen ? <CloseCircleFilled /> : undefined}
              style={{ justifyContent: 'flex-start', whiteSpace: 'normal', height: 'auto', minHeight: 36, ...(color ? { color, borderColor: color } : {}) }}
            >
              {o.text}
              {chosen ? ` · ${NEWS_TEXT.yourAnswer}` : ''}
            </Button>
          );
        })}
      </Flex>
      {answer && (
        <div role="status" style={{ marginTop: 12 }}>
          <Typography.Text strong style={{ color: answer.is_correct ? GREEN : RED }}>
            {answer.is_correct ? NEWS_TEXT.correct : `${NEWS_TEXT.incorrect}. ${NEWS_TEXT.correctWas}: ${correctText ?? ''}`}
          </Typography.Text>
          {answer.explanation && <Typography.Paragraph style={{ margin: '4px 0 0' }}>{answer.explanation}</Typography.Paragraph>}
        </div>
      )}
    </Card>
  );
}

/** Today's games (GET games): loading skeleton, empty state and its own error, never the page's. */
export function GamesBlock() {
  const q = useGames();
  let body;
  if (q.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (q.isError) body = <Alert type="warning" showIcon title={NEWS_TEXT.gamesError} />;
  else if (q.data.length === 0) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={NEWS_TEXT.noGames} />;
  else {
    body = (
      <Flex gap={16} wrap>
        {q.data.map((g) => (
          <GameCard key={g.game_id} game={g} />
        ))}
      </Flex>
    );
  }
  return (
    <Card title={<h4 style={{ fontSize: 18, margin: 0, whiteSpace: 'normal' }}>{NEWS_TEXT.gamesTitle}</h4>} data-testid="games-block">
      {body}
    </Card>
  );
}
