import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Milliseconds of CPU (user + system) these processes have used so far; null without /proc. */
export function cpuMsOf(pids: readonly number[]): number | null {
  const ticksPerSecond = 100; // USER_HZ, 100 on every Linux this runs on
  let ticks = 0;
  for (const pid of pids) {
    try {
      // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}

/**
 * The CPU a measured stretch costs per unit of work: the server process, the PostgreSQL backends serving its database
 * (those connected when it starts; a pool that connects later is missed, so warm up first) and this process.
 */
export async function cpuMeter(serverPid: number, databaseUrl: string | undefined) {
  let postgresPids: number[] = [];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
      postgresPids = rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  }
  const read = () => ({ server: cpuMsOf([serverPid]), postgres: databaseUrl ? cpuMsOf(postgresPids) : 0, bench: cpuMsOf([process.pid]) });
  const before = read();
  return {
    /** CPU milliseconds per unit since the meter started, or null where /proc is missing. */
    perUnit(units: number) {
      const after = read();
      if (units <= 0) return null;
      const each = (key: keyof typeof before) => {
        const start = before[key];
        const end = after[key];
        return start === null || end === null ? null : (end - start) / units;
      };
      const server = each('server');
      const postgres = each('postgres');
      const bench = each('bench');
      return server === null || postgres === null || bench === null ? null : { server, postgres, bench };
    },
  };
}
export type CpuPerUnit = NonNullable<ReturnType<Awaited<ReturnType<typeof cpuMeter>>['perUnit']>>;
