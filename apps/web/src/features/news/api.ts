import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NEWS_PAGE_SIZE, type AgroVideo, type Campaign, type Game, type GameAnswerResult, type NewsItem } from '@fm/domain';
import { api } from '../../api/client';

/** Content changes when the operator loads a file: 10 minutes fresh, as the server's cache header says. */
const CONTENT = { staleTime: 600_000, retry: false } as const;

export type NewsPage = { items: NewsItem[]; total: number };

const newsKeys = {
  news: (page: number, perPage: number) => ['news', 'list', page, perPage] as const,
  video: () => ['news', 'video'] as const,
  games: () => ['news', 'games'] as const,
  campaigns: (type: string) => ['campaigns', type, 'web'] as const,
};

/** GET news?page&per_page: published news, newest first. */
export function useNews(page = 1, perPage = NEWS_PAGE_SIZE) {
  return useQuery<NewsPage>({
    queryKey: newsKeys.news(page, perPage),
    queryFn: async () => {
      const res = await api.get<NewsItem[]>('news', { query: { page, per_page: perPage } });
      return { items: res.data ?? [], total: res.total ?? 0 };
    },
    ...CONTENT,
  });
}

/** GET news/video: the current "Agro en un minuto" video, or null when there is none yet. */
export function useAgroVideo() {
  return useQuery<AgroVideo | null>({
    queryKey: newsKeys.video(),
    queryFn: async () => (await api.get<AgroVideo[]>('news/video')).data?.[0] ?? null,
    ...CONTENT,
  });
}

/** GET games: today's games with the user's answers. */
export function useGames() {
  return useQuery<Game[]>({ queryKey: newsKeys.games(), queryFn: async () => (await api.get<Game[]>('games')).data ?? [], retry: false });
}

/**
 * POST user/v1/games/answer?game_option_id: the answer goes straight into the game's card; after a refusal (409: it
 * was answered in another tab, 404: the game ended) the list is read again.
 */
export function useAnswerGame() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (gameOptionId: number) => (await api.post<GameAnswerResult[]>('user/v1/games/answer', undefined, { query: { game_option_id: gameOptionId } })).data[0],
    onSuccess: ({ game_id, ...answer }) => {
      client.setQueryData<Game[]>(newsKeys.games(), (list) => list?.map((g) => (g.game_id === game_id ? { ...g, answer } : g)));
    },
    onError: () => client.invalidateQueries({ queryKey: newsKeys.games() }),
  });
}

/** GET campaigns/{type}?origin=web: the campaigns of a type for the web, in the operator's order. */
export function useCampaigns(type: string) {
  return useQuery<Campaign[]>({
    queryKey: newsKeys.campaigns(type),
    queryFn: async () => (await api.get<Campaign[]>(`campaigns/${type}`, { query: { origin: 'web' } })).data ?? [],
    ...CONTENT,
  });
}

/** A site path stays in the app; any other link opens in a new tab. */
export const isInternalLink = (link: string) => link.startsWith('/') && !link.startsWith('//');
