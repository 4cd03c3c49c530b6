/**
 * Preloaded (`node --require`) into a CLI run by the benchmarks: on exit it
 * writes the process's peak resident memory and CPU time to the file named
 * by GROUNDCHECK_BENCH_USAGE, so a suite measures its child without
 * /usr/bin/time, which not every machine has.
 *
 * The peak is the high-water mark of this process's own memory (Linux's
 * VmHWM). The rusage peak is not: Linux carries the parent's peak into a
 * child it forks and execs, so a child of a bench that holds 500 MB reports
 * at least 500 MB. It stands in only where /proc is missing.
 */
const { readFileSync, writeFileSync } = require('node:fs');

function peakKB(usage) {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  } catch {
    // No /proc: the rusage figure, with its caveat.
  }
  return usage.maxRSS;
}

const target = process.env.GROUNDCHECK_BENCH_USAGE;
if (target) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ maxRssKB: peakKB(usage), userMicros: usage.userCPUTime, systemMicros: usage.systemCPUTime }));
  });
}
