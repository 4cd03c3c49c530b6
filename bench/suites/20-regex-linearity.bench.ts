/**
 * Linearity of extraction: each extractor on each adversarial input at
 * 100 KB (the baseline) and at 1 MB. Linear code shows a ratio near 10; a
 * quadratic regular expression or scan shows ~100. Rows whose ratio exceeds
 * 15 are marked with `!` and timed again at 3 MB: inputs that yield
 * hundreds of thousands of entities pay for garbage collection of the
 * retained objects, which grows a little faster than the input, while a
 * quadratic scan would show ~9 between 1 MB and 3 MB. Times are process CPU
 * time (user + system), best of three: wall-clock time on a shared machine
 * counts whatever else was scheduled during the longer run.
 */
import type { BenchSuite } from '../run';
import { EXTRACTORS, PATHOLOGICAL_UNITS, pathological } from '../../test/shared/extract/pathologicalInputs';

const SMALL = 100_000;
const LARGE = 1_000_000;
const CHECK = 3_000_000;
const SUSPICIOUS_RATIO = 15;

/** Best-of-three CPU milliseconds. */
function bestOf3(run: () => unknown): number {
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const before = process.cpuUsage();
    run();
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

const suite: BenchSuite = {
  title: 'Extraction linearity: 100 KB vs 1 MB adversarial inputs',
  run() {
    let worst = { ratio: 0, where: '' };
    let worstThreeToOne = 0;
    console.log(`${'input'.padEnd(20)}${'extractor'.padEnd(15)}${'100 KB'.padStart(11)}${'1 MB'.padStart(11)}${'ratio'.padStart(8)}`);
    for (const [name, unit] of Object.entries(PATHOLOGICAL_UNITS)) {
      const small = pathological(unit, SMALL);
      const large = pathological(unit, LARGE);
      for (const [extractor, extract] of Object.entries(EXTRACTORS)) {
        const a = bestOf3(() => extract(small));
        const b = bestOf3(() => extract(large));
        // Below a millisecond the timer and JIT noise dominate; floor the baseline there.
        const ratio = b / Math.max(a, 1);
        if (ratio > worst.ratio && b >= 10) worst = { ratio, where: `${extractor} on ${name}` };
        let flag = '';
        if (ratio > SUSPICIOUS_RATIO && b >= 10) {
          const c = bestOf3(() => extract(pathological(unit, CHECK)));
          flag = ` !  3 MB ${c.toFixed(1)}ms, ${(c / b).toFixed(1)}x the 1 MB time`;
          worstThreeToOne = Math.max(worstThreeToOne, c / b);
        }
        // Sub-millisecond baselines print their raw ratio with a `~`: timer noise, not a verdict.
        const shown = a >= 1 ? ratio.toFixed(1) : a > 0 ? `~${(b / a).toFixed(1)}` : '–';
        console.log(`${name.padEnd(20)}${extractor.padEnd(15)}${a.toFixed(2).padStart(9)}ms${b.toFixed(2).padStart(9)}ms${shown.padStart(8)}${flag}`);
      }
    }
    console.log(`\nworst 1 MB / 100 KB ratio among runs of 10 ms or more: ${worst.ratio.toFixed(1)} (${worst.where})`);
    console.log(`worst 3 MB / 1 MB ratio among flagged rows: ${worstThreeToOne.toFixed(1)} (linear: 3)`);
  },
};

export default suite;
