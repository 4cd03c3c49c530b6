/**
 * The HTML conversation report on generated Claude Code sessions of 5 and
 * 20 MB: its size against the JSON Lines report of the same file (the target
 * is under 2×), and the time to render it against the time to write the JSON
 * Lines report (the fastest of three runs each) and to check the file, all in
 * this process. Render time per MB of page at 5 and 20 MB shows whether
 * rendering stays linear.
 */
import type { BenchSuite } from '../run';
import { generateClaudeSession } from '../generators/claudeSession';
import { checkFile } from '../../cli/check/checkFile';
import { defaultSettings } from '../../cli/check/checkSettings';
import type { CheckTarget } from '../../cli/check/expandPaths';
import { HtmlReporter } from '../../cli/check/reporters/html';
import { JsonLinesReporter } from '../../cli/check/reporters/jsonl';
import { RunSummary } from '../../cli/check/summary';

const SIZES_MB = [5, 20];
const RUNS = 3;

/** The fastest of a few runs: the machine is shared, and the fastest run is the one least disturbed. */
function bestOf(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    run();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

function measure(sizeMb: number): void {
  const raw = generateClaudeSession({ targetSize: sizeMb * 1_000_000, outputs: 100 * sizeMb }).raw;
  const file = `session-${sizeMb}mb.jsonl`;
  const target: CheckTarget = { path: file, shown: file, explicit: true };
  const settings = defaultSettings();

  let t0 = performance.now();
  const ledger = checkFile({ file, raw }, { settings, ledger: true });
  const checkMs = performance.now() - t0;
  let jsonBytes = 0;
  const jsonMs = bestOf(() => {
    jsonBytes = 0;
    new JsonLinesReporter({ out: (t) => void (jsonBytes += Buffer.byteLength(t)), err: () => undefined }).file(ledger, target);
  });

  const report = checkFile({ file, raw }, { settings, ledger: true, conversation: true });
  const summary = new RunSummary();
  summary.add(report, true);
  let htmlBytes = 0;
  const htmlMs = bestOf(() => {
    const html = new HtmlReporter({ out: (t) => void (htmlBytes = Buffer.byteLength(t)), err: () => undefined });
    html.file(report, target);
    html.end(summary);
  });

  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(
    `${file} (${mb(Buffer.byteLength(raw))}, ${report.outputs.length} outputs, ${report.conversation?.length} segments): ` +
      `HTML ${mb(htmlBytes)} = ${(htmlBytes / jsonBytes).toFixed(2)}× JSON Lines ${mb(jsonBytes)}; ` +
      `render ${htmlMs.toFixed(0)} ms (${(htmlMs / (htmlBytes / 1e6)).toFixed(0)} ms per MB of page) = ${(htmlMs / jsonMs).toFixed(2)}× writing JSON Lines (${jsonMs.toFixed(0)} ms), ` +
      `${((htmlMs / checkMs) * 100).toFixed(1)}% of the check (${checkMs.toFixed(0)} ms)`,
  );
}

const suite: BenchSuite = {
  title: 'HTML conversation report: size and render time',
  run() {
    for (const size of SIZES_MB) measure(size);
  },
};

export default suite;
