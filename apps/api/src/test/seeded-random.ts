/**
 * Random test inputs from a seed (a linear congruential generator), so that a failing property test reproduces:
 * `random()` in [0, 1), `int(max)` in [0, max), `decimal(digits, scale)` a non-negative decimal text of at most
 * `digits` integer digits and exactly `scale` decimals (a numeric(p, scale) column's value).
 */
export function seededRandom(seed: number) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const int = (max: number) => Math.floor(random() * max);
  const decimal = (digits: number, scale: number) => `${int(10 ** (1 + int(digits)))}.${String(int(10 ** scale)).padStart(scale, '0')}`;
  return { random, int, decimal };
}
