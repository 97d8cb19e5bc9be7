import { describe, expect, it } from 'vitest';
import { ContentFile, EcosystemQuery, isVideoFile } from './news';

describe('news content rules', () => {
  it('a direct video file plays in the page; other links open outside', () => {
    for (const url of ['/media/pulverizadora.mp4', 'https://cdn.example.com/v/agro.webm?token=1', 'https://x.ar/a.MOV']) expect(isVideoFile(url), url).toBe(true);
    for (const url of ['https://www.youtube.com/watch?v=abc', 'https://vimeo.com/123', 'https://x.ar/mp4', 'https://x.ar/a.mp4.html']) expect(isVideoFile(url), url).toBe(false);
  });

  it('brand_types: comma-separated, trimmed, without repeats', () => {
    expect(EcosystemQuery.parse({ brand_types: ' semillas, fertilizantes,semillas ' }).brand_types).toEqual(['semillas', 'fertilizantes']);
    expect(EcosystemQuery.safeParse({ brand_types: 'semillas,,x' }).success).toBe(false);
  });

  it('an option id is unique across games, and defaults fill what the operator leaves out', () => {
    const game = (game_id: number, ids: [number, number]) => ({ game_id, question: '¿?', starts_on: '2026-01-01', options: [{ game_option_id: ids[0], text: 'a', is_correct: true }, { game_option_id: ids[1], text: 'b' }] });
    const clash = ContentFile.safeParse({ games: [game(1, [1, 2]), game(2, [2, 3])] });
    expect(clash.success).toBe(false);
    expect(clash.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['games.1.options.0.game_option_id', 'game_option_id 2 repetido']]);
    const ok = ContentFile.parse({ games: [game(1, [1, 2])], campaigns: [{ type: 'home_banner', title: 'Banner' }] });
    expect(ok.games?.[0]).toMatchObject({ explanation: null, ends_on: null, active: true });
    expect(ok.campaigns?.[0]).toMatchObject({ origin: 'all', text: '', image_url: null, brand_type: null, starts_on: null });
    expect(ok.news).toBeUndefined();
  });
});
