/**
 * Preloaded (`node --require`) into a CLI run by the benchmarks: on exit it
 * writes the process's peak resident memory and CPU time to the file named
 * by GROUNDCHECK_BENCH_USAGE, so a suite measures its child without
 * /usr/bin/time, which not every machine has.
 */
const { writeFileSync } = require('node:fs');

const target = process.env.GROUNDCHECK_BENCH_USAGE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ maxRssKB: usage.maxRSS, userMicros: usage.userCPUTime, systemMicros: usage.systemCPUTime }));
  });
}
