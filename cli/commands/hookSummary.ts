/**
 * `groundcheck hook summary [LOG] [--json]`: what the stop hook would have
 * done in shadow mode, per session: stops, would-block, would-report and
 * the rules behind them. Without LOG it reads the default shadow log and
 * the one it was rotated into before (`<log>.1`), oldest first.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { Command } from 'commander';
import { FileRefused, readBounded } from '../../shared/io/boundedRead';
import { defaultShadowLog } from '../hook/shadowLog';
import { type SessionTally, type ShadowSummary, SummaryBuilder } from '../hook/shadowSummary';
import { visibleControls } from '../terminal/visibleControls';

/** A shadow log is capped at --shadow-max-mb (10 MB unless raised); this bounds what a summary reads. */
const MAX_LOG_BYTES = 256 * 1024 * 1024;
const TOP_RULES = 3;

export function registerHookSummary(hook: Command, root: Command): void {
  const summary = new Command('summary')
    .description('Tally a shadow log (`groundcheck hook --shadow`) per session: stops, would block, would report, top rules.')
    .argument('[log]', `the shadow log (default ${defaultShadowLog().replace(homedir(), '~')} and its .1)`)
    .option('--json', 'print the tallies as JSON');
  summary.copyInheritedSettings(root);
  summary.exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : 2);
  });
  summary.action((log: string | undefined, options: { json?: boolean }) => {
    process.exitCode = runSummary(log, options);
  });
  hook.addCommand(summary);
}

function runSummary(log: string | undefined, options: { json?: boolean }): number {
  const main = resolve(log ?? defaultShadowLog());
  const files = log === undefined ? [`${main}.1`, main].filter((f) => existsSync(f)) : [main];
  if (files.length === 0) {
    process.stderr.write(`groundcheck: no shadow log at ${visibleControls(main)}; \`groundcheck hook --shadow\` writes one\n`);
    return 2;
  }
  const builder = new SummaryBuilder();
  for (const file of files) {
    try {
      builder.add(file, readBounded(file, MAX_LOG_BYTES).toString('utf8'));
    } catch (err) {
      process.stderr.write(
        `groundcheck: ${visibleControls(err instanceof FileRefused ? err.message : `${file}: ${err instanceof Error ? err.message : String(err)}`)}\n`,
      );
      return 2;
    }
  }
  const result = builder.summary();
  for (const s of result.skipped) process.stderr.write(`groundcheck: ${visibleControls(`${s.file}:${s.line}: not a shadow log entry: ${s.reason}`)}\n`);
  process.stdout.write(options.json ? `${JSON.stringify(result, null, 2)}\n` : table(result));
  return 0;
}

function table(result: ShadowSummary): string {
  const head = ['session', 'agent', 'stops', 'would block', 'would report', 'unchecked', 'top rules'];
  const row = (t: Omit<SessionTally, 'session' | 'transcript' | 'first' | 'last'>, name: string, agent: string) => [
    visibleControls(name),
    visibleControls(agent),
    String(t.stops),
    String(t.wouldBlock),
    String(t.wouldReport),
    String(t.unchecked),
    t.rules
      .slice(0, TOP_RULES)
      .map((r) => `${visibleControls(r.rule)} ${r.findings}`)
      .join(', '),
  ];
  const rows = result.sessions.map((s) => row(s, s.session, s.agent ?? ''));
  const n = result.sessions.length;
  rows.push(row(result.total, `all ${n} session${n === 1 ? '' : 's'}`, ''));
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  // Counts right-aligned, names and rules left.
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]) : i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return `${[line(head), ...rows.map(line)].join('\n')}\n`;
}
