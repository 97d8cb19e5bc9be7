/**
 * Failed sign-in counter per account and per IP, checked before any password hashing.
 * In memory: one instance's view. Behind several instances put the same limit at the load balancer
 * or move this map to PostgreSQL (see docs/decisions/0002).
 */
export type SignInLimiter = {
  blocked(email: string, ip: string): boolean;
  fail(email: string, ip: string): void;
  reset(email: string, ip: string): void;
};

export function createSignInLimiter(maxFailures: number, windowMs: number): SignInLimiter {
  const hits = new Map<string, { count: number; until: number }>();
  const keys = (email: string, ip: string) => [`e:${email.toLowerCase()}`, `i:${ip}`];
  const ipMax = maxFailures * 5;
  const count = (key: string) => {
    const h = hits.get(key);
    if (!h) return 0;
    if (h.until < Date.now()) {
      hits.delete(key);
      return 0;
    }
    return h.count;
  };
  return {
    blocked(email, ip) {
      const [ek, ik] = keys(email, ip);
      return count(ek) >= maxFailures || count(ik) >= ipMax;
    },
    fail(email, ip) {
      for (const key of keys(email, ip)) {
        const current = count(key);
        hits.set(key, { count: current + 1, until: current === 0 ? Date.now() + windowMs : (hits.get(key)?.until ?? Date.now() + windowMs) });
      }
      if (hits.size > 100_000) hits.clear();
    },
    reset(email) {
      hits.delete(`e:${email.toLowerCase()}`);
    },
  };
}
