import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { NEWS_MSG, type Game, type NewsItem } from '@fm/domain';
import { envelope, flags, mockApi, signIn } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { GamesBlock } from './components/games-block';
import { NewsTile, ReportsBanner } from './components/home-tiles';
import { NEWS_TEXT } from './texts';
import AgroMinutePage from './pages/agro-minute-page';

const GAME: Game = {
  game_id: 1,
  question: '¿Qué nutriente aporta principalmente la urea?',
  starts_on: '2026-01-01',
  ends_on: null,
  options: [
    { game_option_id: 11, text: 'Nitrógeno' },
    { game_option_id: 12, text: 'Fósforo' },
  ],
  answer: null,
};
const NEWS: NewsItem = { news_item_id: 5, title: 'Soja: avanza la siembra', summary: 'Buena humedad', image_url: null, url: 'https://www.bcr.com.ar/es/mercados/gea', published_at: '2026-11-26' };
const failure = (status: number, message: string) => ({ status, body: { success: false, status, data: null, message } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const render = (ui: React.ReactElement) => renderWithProviders(<MemoryRouter>{ui}</MemoryRouter>);

describe('games block', () => {
  it('answers with a button and shows the result, the correct option and the explanation', async () => {
    signIn({ flags: flags(['home', 'news']) });
    const api = mockApi((url) => {
      if (url.pathname === '/fm/v1/games') return { body: envelope([GAME]) };
      if (url.pathname === '/fm/v1/user/v1/games/answer') {
        return { status: 201, body: envelope([{ game_id: 1, game_option_id: Number(url.searchParams.get('game_option_id')), is_correct: false, correct_option_id: 11, explanation: 'La urea tiene 46 % de nitrógeno.', answered_at: '2026-11-27T12:00:00Z' }]) };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchMock);
    render(<GamesBlock />);
    const card = await screen.findByTestId('game-1', {}, { timeout: 10_000 });
    expect(within(card).queryByRole('status')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Fósforo' }));
    const result = await within(card).findByRole('status');
    expect(result).toHaveTextContent(`${NEWS_TEXT.incorrect}. ${NEWS_TEXT.correctWas}: Nitrógeno`);
    expect(result).toHaveTextContent('La urea tiene 46 % de nitrógeno.');
    for (const b of within(card).getAllByRole('button')) expect(b).toBeDisabled();
    const post = api.calls.find((c) => c.url.pathname === '/fm/v1/user/v1/games/answer');
    expect(post?.init?.method).toBe('POST');
    expect(post?.url.searchParams.get('game_option_id')).toBe('12');
  });

  it('a second answer (409) shows the server message and reloads the games', async () => {
    signIn({ flags: flags(['home', 'news']) });
    let answered = false;
    const api = mockApi((url) => {
      if (url.pathname === '/fm/v1/games') return { body: envelope([answered ? { ...GAME, answer: { game_option_id: 11, is_correct: true, correct_option_id: 11, explanation: null, answered_at: '2026-11-27T12:00:00Z' } } : GAME]) };
      if (url.pathname === '/fm/v1/user/v1/games/answer') {
        answered = true;
        return failure(409, NEWS_MSG.alreadyAnswered);
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api.fetchMock);
    render(<GamesBlock />);
    fireEvent.click(await screen.findByRole('button', { name: 'Fósforo' }, { timeout: 10_000 }));
    expect(await screen.findByText(NEWS_TEXT.correct, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(NEWS_MSG.alreadyAnswered.replace(/[.!¡?]/g, '.')))).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url.pathname === '/fm/v1/games')).toHaveLength(2);
  });

  it('no games today: the empty state; the list failing: a warning in the block', async () => {
    signIn({ flags: flags(['home', 'news']) });
    vi.stubGlobal('fetch', mockApi((url) => (url.pathname === '/fm/v1/games' ? { body: envelope([]) } : undefined)).fetchMock);
    const { unmount } = render(<GamesBlock />);
    expect(await screen.findByText(NEWS_TEXT.noGames, {}, { timeout: 10_000 })).toBeInTheDocument();
    unmount();
    vi.stubGlobal('fetch', mockApi((url) => (url.pathname === '/fm/v1/games' ? failure(500, 'Error') : undefined)).fetchMock);
    render(<GamesBlock />);
    expect(await screen.findByText(NEWS_TEXT.gamesError, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('home: Mi espacio and the reports banner', () => {
  it('the tile links externally to the newest news item, in a new tab', async () => {
    signIn({ flags: flags(['home', 'news']) });
    const api = mockApi((url) => (url.pathname === '/fm/v1/news' ? { body: envelope([NEWS], { total: 1, page: 1, per_page: 1 }) } : undefined));
    vi.stubGlobal('fetch', api.fetchMock);
    render(<NewsTile />);
    const link = await screen.findByTestId('news-tile-link', {}, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', NEWS.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(screen.getByTestId('news-tile')).getByText('26/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NEWS_TEXT.allNews })).toHaveAttribute('href', '/novedades');
    expect(api.calls[0].url.searchParams.get('per_page')).toBe('1');
  });

  it('no news: the empty state with the way to /novedades; without the news flag there is no tile', async () => {
    signIn({ flags: flags(['home', 'news']) });
    vi.stubGlobal('fetch', mockApi((url) => (url.pathname === '/fm/v1/news' ? { body: envelope([], { total: 0 }) } : undefined)).fetchMock);
    const { unmount } = render(<NewsTile />);
    expect(await screen.findByText(NEWS_TEXT.tileEmpty, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: NEWS_TEXT.allNews })).toHaveAttribute('href', '/novedades');
    unmount();
    signIn({ flags: flags(['home']) });
    render(<NewsTile />);
    expect(screen.queryByTestId('news-tile')).toBeNull();
  });

  it('the reports banner leads to the add-ons screen without a reports add-on, and takes the campaign text', async () => {
    signIn({ flags: flags(['home', 'news']) });
    const campaign = { campaign_id: 2, type: 'reports_banner', origin: 'all', title: 'Reportes de tu campaña', text: 'Márgenes en un clic', image_url: null, link_url: null, brand_type: null, brand_name: null, position: 1, starts_on: null, ends_on: null };
    vi.stubGlobal('fetch', mockApi((url) => (url.pathname === '/fm/v1/campaigns/reports_banner' && url.searchParams.get('origin') === 'web' ? { body: envelope([campaign]) } : undefined)).fetchMock);
    render(<ReportsBanner />);
    expect(await screen.findByText('Márgenes en un clic', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: NEWS_TEXT.reportsAddons })).toBeInTheDocument();
  });
});

describe('Agro en un minuto', () => {
  const video = { agro_video_id: 3, title: 'Calibrar la pulverizadora', description: 'Tres pasos', thumbnail_url: '/news/agro-en-un-minuto.svg', published_at: '2026-11-23' };
  const serve = (videoUrl: string | null) =>
    vi.stubGlobal('fetch', mockApi((url) => (url.pathname === '/fm/v1/news/video' ? { body: envelope(videoUrl ? [{ ...video, video_url: videoUrl }] : []) } : undefined)).fetchMock);

  it('a video file plays in the page; another link opens in a new tab', async () => {
    signIn({ flags: flags(['home', 'news']) });
    serve('/media/pulverizadora.mp4');
    const { unmount, container } = render(<AgroMinutePage />);
    expect(await screen.findByText('Calibrar la pulverizadora', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('23/11/2026')).toBeInTheDocument();
    expect(container.querySelector('video')).toHaveAttribute('src', '/media/pulverizadora.mp4');
    expect(screen.queryByRole('link', { name: /Ver el video$/ })).toBeNull();
    unmount();

    serve('https://www.youtube.com/watch?v=abc');
    const second = render(<AgroMinutePage />);
    const link = await screen.findByRole('link', { name: /Ver el video$/ }, { timeout: 10_000 });
    expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(second.container.querySelector('video')).toBeNull();
  });

  it('no video yet: the empty state', async () => {
    signIn({ flags: flags(['home', 'news']) });
    serve(null);
    render(<AgroMinutePage />);
    expect(await screen.findByText(NEWS_TEXT.noVideo, {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});
