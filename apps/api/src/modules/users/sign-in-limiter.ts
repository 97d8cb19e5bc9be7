import type { Db } from '../../db/client';
import { clearCounter, hitCounter, readCounters } from '../../http/rate-counters';

/**
 * Failed sign-ins per account and per IP, checked before any password hashing. Counted in the database, so
 * every API instance sees the same count (docs/decisions/0002). Only failures count: a user who signs in often
 * never locks themselves out.
 */
export type SignInLimiter = {
  blocked(email: string, ip: string): Promise<boolean>;
  fail(email: string, ip: string): Promise<void>;
  reset(email: string): Promise<void>;
};

export function createSignInLimiter(db: Db, maxFailures: number, windowMs: number): SignInLimiter {
  const accountKey = (email: string) => `signin:e:${email.toLowerCase()}`;
  const ipKey = (ip: string) => `signin:i:${ip}`;
  const ipMax = maxFailures * 5;
  return {
    async blocked(email, ip) {
      const [account, client] = [accountKey(email), ipKey(ip)];
      const counts = await readCounters(db, [account, client]);
      return (counts.get(account) ?? 0) >= maxFailures || (counts.get(client) ?? 0) >= ipMax;
    },
    async fail(email, ip) {
      await hitCounter(db, accountKey(email), windowMs);
      await hitCounter(db, ipKey(ip), windowMs);
    },
    async reset(email) {
      await clearCounter(db, accountKey(email));
    },
  };
}
