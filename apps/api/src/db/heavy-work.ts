import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from './client';

/**
 * At most `limit` holders at a time; the others wait in arrival order. `enter` answers the function that leaves,
 * which does nothing after its first call.
 */
export class WorkGate {
  private inside = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`WorkGate: limit ${limit}`);
  }

  /** Holders now, and callers waiting for a place. */
  get load(): { inside: number; waiting: number } {
    return { inside: this.inside, waiting: this.waiting.length };
  }

  async enter(): Promise<() => void> {
    if (this.inside < this.limit) this.inside += 1;
    // a leaving holder hands its place to the first waiter, so `inside` stays counted for it
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      // handed over in a later turn of the event loop, not in this one's microtasks, so that what arrived meanwhile
      // (a light request, the answer being written) runs before the next holder's work starts
      if (next) setImmediate(next);
      else this.inside -= 1;
    };
  }
}

const gates = new WeakMap<object, WorkGate>();
/** Set while a call holds its gate's place: heavy work nested in it runs in that place (waiting for a second could deadlock). */
const holding = new AsyncLocalStorage<WorkGate>();

/** The statements `heavyWork` runs on `db` run at most `limit` at a time (decision 0043). */
export function gateHeavyWork(db: object, limit: number): void {
  gates.set(db, new WorkGate(limit));
}

/**
 * Runs a statement that may read and answer thousands of rows (an unpaged list) through its database's gate: however
 * many such requests arrive, they hold at most the gate's number of connections and server processes, and light
 * requests keep the rest. On an open transaction (not gated) it runs at once: a transaction may hold locks and a
 * connection, and must never wait for a place.
 */
export async function heavyWork<T>(db: Executor, work: () => Promise<T>): Promise<T> {
  const gate = gates.get(db);
  if (!gate || holding.getStore() === gate) return work();
  const leave = await gate.enter();
  try {
    return await holding.run(gate, work);
  } finally {
    leave();
  }
}
