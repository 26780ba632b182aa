import { readFile } from 'node:fs/promises';

/** CPU time (user + system) of a process in clock ticks, from /proc; undefined where there is none. */
async function cpuTicks(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Waits until process `pid` has used under 5 % of a core for two samples in a row (250 ms each),
 * e.g. a broker done with its start-up work (chokidar's initial walk), so a figure measures what
 * it names and not start-up contention. Without /proc it waits `fallbackMs`. Resolves with the
 * time waited (ms); gives up after `maxMs`.
 */
export async function waitForIdleProcess(
  pid: number,
  { maxMs = 15_000, fallbackMs = 3_000 } = {},
): Promise<number> {
  const start = Date.now();
  let last = await cpuTicks(pid);
  if (last === undefined) {
    await new Promise((r) => setTimeout(r, fallbackMs));
    return Date.now() - start;
  }
  let quiet = 0;
  while (quiet < 2 && Date.now() - start < maxMs) {
    await new Promise((r) => setTimeout(r, 250));
    const now = await cpuTicks(pid);
    if (now === undefined) break;
    // 100 ticks per second: under 5 % of a core in 250 ms is at most 1 tick.
    quiet = now - last <= 1 ? quiet + 1 : 0;
    last = now;
  }
  return Date.now() - start;
}
