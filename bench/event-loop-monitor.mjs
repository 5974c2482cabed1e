// Preloaded into the benchmarked server (node --import): once a second, appends that second's event-loop
// delay to BENCH_EVENT_LOOP_FILE as a JSON line. Measured inside the server, so the load generator's own
// scheduling does not colour it.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// A preload for benchmarks, outside the app and its config.
const file = process.env.BENCH_EVENT_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const timer = setInterval(() => {
    const line = { t: Date.now(), p99Ms: histogram.percentile(99) / 1e6, maxMs: histogram.max / 1e6 };
    histogram.reset();
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, 1000);
  timer.unref();
}
