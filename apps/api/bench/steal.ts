import { readFileSync } from 'node:fs';

/**
 * CPU time the hypervisor gave other guests while this machine wanted it ("steal", Linux `/proc/stat`): on a shared
 * virtual machine the same run varies twofold with it, so the table shows it beside each figure. Undefined where
 * `/proc/stat` is absent.
 */
export type CpuTicks = { steal: number; total: number };

export function cpuTicks(): CpuTicks | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal guest guest_nice: guest time is already counted in user
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { steal: fields[7] ?? 0, total };
  } catch {
    return undefined;
  }
}

/** Percent of the machine's CPU time stolen between two readings. */
export function stealPercent(from: CpuTicks | undefined, to: CpuTicks | undefined): number | undefined {
  if (!from || !to || to.total <= from.total) return undefined;
  return (100 * (to.steal - from.steal)) / (to.total - from.total);
}
