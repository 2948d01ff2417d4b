// Preloaded into a server process by the benches (`node --import bench/lib/loop-monitor.mjs`): measures the
// event loop's delay and, on SIGUSR2, writes the figures since the previous signal to BENCH_LOOP_REPORT.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const report = process.env.BENCH_LOOP_REPORT;
if (report) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns) => ns / 1e6;
    const figures = {
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
    };
    // written aside, then renamed: the bench never reads half a file
    fs.writeFileSync(`${report}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${report}.tmp`, report);
    histogram.reset();
  });
}
