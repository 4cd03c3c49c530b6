/**
 * `npm run eval:hook [-- --file NAME] [--split dev|test] [--json] [--verify]`: the stop
 * hook replayed over the real-session corpus (bench/sessions/corpus), every
 * turn as if it had just ended, with the hand labels of
 * bench/sessions/labels: per session, the stops, the stops the default
 * policy reports and blocks, and the blocks of `--mode block` with every
 * rule blocking; per side of the blind split, how many blocks were right,
 * wrong, or on findings nobody labelled, and wrong blocks per 50 stops.
 *
 * The default policy blocks only on the rules whose findings on the test
 * split are labelled right at least BLOCK_PRECISION of the time, over at
 * least MIN_LABELLED labelled findings, and reports the rest; with no such
 * rule it is the hook's default, report mode, which never blocks. This
 * measures that set and replays the policy it makes.
 *
 * `--verify` also runs the hook's own check at every stop of each JSON Lines
 * session, on a copy of the file cut where the turn ended and grown turn by
 * turn (kept between stops, as `--warm` keeps it), and counts the stops
 * whose findings differ from the replay's.
 */
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Command, Option } from 'commander';
import { defaultSettings } from '../cli/check/checkSettings';
import { HeldSessions } from '../cli/hook/heldSessions';
import { turnFindings } from '../cli/hook/turnFindings';
import type { Transcript } from '../shared/transcript/model';
import { type BlockOutcome, type BlockingRule, blockAt, type Stop, stopsOf } from './sessions/hookReplay';
import { readLabels, type Label } from './sessions/labels';
import { checkSession, type SessionFinding } from './sessions/sessionFindings';
import { SPLITS, type Split } from './sessions/split';
import { sourcesOn } from './sessionsCorpus';

const ROOT = join(__dirname, 'sessions');
const CORPUS = join(ROOT, 'corpus');
const PER_STOPS = 50;
/** A rule blocks by default when at least this share of its labelled findings on the test split are right… */
const BLOCK_PRECISION = 0.9;
/** …over at least this many labelled findings: one right finding says nothing of a rule. */
const MIN_LABELLED = 10;

interface Flags {
  file?: string;
  split?: Split;
  json?: boolean;
  verify?: boolean;
}

interface SessionReplay {
  file: string;
  split: Split;
  stops: Stop[];
}

type Tally = Record<BlockOutcome, number>;

function main(): void {
  new Command('eval:hook')
    .option('--file <name>', 'only this corpus file')
    .addOption(new Option('--split <side>', 'only the sessions on this side of the blind split').choices(SPLITS))
    .option('--json', 'print the figures as JSON')
    .option('--verify', "also run the hook's own check on the file cut at every stop, and compare")
    .action((flags: Flags) => run(flags))
    .parse(process.argv);
}

function run(flags: Flags): void {
  const started = performance.now();
  const sources = sourcesOn(flags.split).filter((s) => !flags.file || s.file === flags.file);
  const missing = sources.filter((s) => !existsSync(join(CORPUS, s.file)));
  if (missing.length > 0) {
    process.stderr.write(
      `${missing.length} corpus file(s) missing (${missing
        .slice(0, 3)
        .map((s) => s.file)
        .join(', ')}${missing.length > 3 ? ', …' : ''}): run npm run sessions:corpus first\n`,
    );
    process.exitCode = 2;
    return;
  }
  const replays: SessionReplay[] = [];
  const verified: Verified[] = [];
  const precision = new Map<string, { labelled: number; right: number }>();
  for (const source of sources) {
    const split: Split = source.split ?? 'dev';
    const path = join(CORPUS, source.file);
    const check = checkSession(readFileSync(path, 'utf8'), path);
    const labels = readLabels(join(ROOT, 'labels', `${source.file}.jsonl`));
    if (split === 'test') countPrecision(precision, check.findings, labels);
    const t = check.check.transcript;
    const outputs = t.segments.filter((s) => s.isOutput);
    // A sub-agent's own transcript: its SubagentStop checks its own lines.
    const subAgent = outputs.length > 0 && outputs.every((s) => s.label?.startsWith('sub-agent ') === true);
    const stops = stopsOf(t, check.findings, labels, subAgent);
    replays.push({ file: source.file, split, stops });
    if (flags.verify && source.file.endsWith('.jsonl')) verified.push(verifyStops(path, t, stops, subAgent));
  }
  const measured = [...precision.entries()]
    .filter(([, p]) => p.labelled >= MIN_LABELLED && p.right / p.labelled >= BLOCK_PRECISION)
    .map(([rule]) => rule)
    .sort();
  const policies: { name: string; blocks: BlockingRule }[] = [
    { name: 'default', blocks: (rule) => measured.includes(rule) },
    { name: 'all rules', blocks: () => true },
  ];
  if (flags.json) {
    process.stdout.write(
      `${JSON.stringify({ measured, precision: Object.fromEntries(precision), sessions: replays.map((r) => summary(r, policies)) }, null, 2)}\n`,
    );
    return;
  }
  const out: string[] = ['The stop hook replayed over real sessions: every turn as if it had just ended (bench/sessions/corpus, labels by hand)', ''];
  out.push(...perSession(replays, policies), '');
  out.push(`Per side of the blind split (a block is right when a finding it blocks on is labelled right; wrong when those labelled are all wrong):`, '');
  out.push(...perSplit(replays, policies), '');
  out.push(`Rule precision on the test split (labelled findings; a rule blocks by default at ≥ ${BLOCK_PRECISION} over ≥ ${MIN_LABELLED} labelled):`, '');
  const rows = [...precision.entries()]
    .sort((a, b) => b[1].labelled - a[1].labelled)
    .map(([rule, p]) => [rule, `${p.right}/${p.labelled}`, (p.right / p.labelled).toFixed(3)]);
  out.push(...table(['rule', 'right/labelled', 'precision'], rows), '');
  out.push(
    `default policy: ${measured.length === 0 ? "no rule blocks (report mode, the hook's default)" : `blocks on ${measured.join(', ')}, reports the rest`}`,
  );
  if (flags.verify) {
    const checked = verified.reduce((n, v) => n + v.checked, 0);
    const differ = verified.flatMap((v) => v.differ);
    out.push(
      `verified: at ${checked} stops of ${verified.length} JSON Lines sessions the hook's own check of the file cut there gave the replay's findings${differ.length === 0 ? '' : `, except at ${differ.length}:`}`,
    );
    for (const d of differ.slice(0, 20)) out.push(`  ${d}`);
  }
  out.push(`the whole run ${Math.round(performance.now() - started)} ms`);
  process.stdout.write(`${out.join('\n')}\n`);
}

interface Verified {
  checked: number;
  differ: string[];
}

/** The hook's check of the session cut after each stop, compared with the replay's findings there. */
function verifyStops(path: string, t: Transcript, stops: readonly Stop[], subAgent: boolean): Verified {
  const bytes = readFileSync(path);
  const lineStarts = [0];
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lineStarts.push(at + 1);
  const dir = mkdtempSync(join(tmpdir(), 'groundcheck-eval-hook-'));
  const copy = join(dir, basename(path));
  const held = new HeldSessions();
  const setup = { settings: defaultSettings() };
  const out: Verified = { checked: 0, differ: [] };
  try {
    writeFileSync(copy, '');
    let written = 0;
    for (const stop of stops) {
      const next = t.segments[stop.leaf + 1];
      // A turn that ends inside a line (the next prompt shares it) cannot be cut there.
      if (next !== undefined && next.line === t.segments[stop.leaf].line) continue;
      const cut = next === undefined ? bytes.length : lineStarts[next.line];
      if (cut < written) continue;
      appendFileSync(copy, bytes.subarray(written, cut));
      written = cut;
      let values: string[];
      try {
        values = turnFindings(copy, subAgent, setup, { waitMs: 0 }, held.load).findings.map((f) => f.value);
      } catch (err) {
        out.differ.push(`${basename(path)}, stop after line ${t.segments[stop.leaf].line + 1}: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      out.checked++;
      const hook = [...new Set(values)].sort();
      const replay = [...new Set(stop.findings.map((f) => f.text))].sort();
      if (JSON.stringify(hook) !== JSON.stringify(replay))
        out.differ.push(`${basename(path)}, stop after line ${t.segments[stop.leaf].line + 1}: hook ${JSON.stringify(hook)}, replay ${JSON.stringify(replay)}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

function countPrecision(into: Map<string, { labelled: number; right: number }>, findings: readonly SessionFinding[], labels: ReadonlyMap<string, Label>): void {
  for (const f of findings) {
    const l = labels.get(f.key);
    if (!l) continue;
    const p = into.get(f.rule) ?? { labelled: 0, right: 0 };
    p.labelled++;
    if (l.label) p.right++;
    into.set(f.rule, p);
  }
}

function tally(stops: readonly Stop[], blocks: BlockingRule): Tally {
  const t: Tally = { right: 0, wrong: 0, unlabelled: 0 };
  for (const s of stops) {
    const o = blockAt(s, blocks);
    if (o) t[o]++;
  }
  return t;
}

const blocksOf = (t: Tally): number => t.right + t.wrong + t.unlabelled;

function summary(r: SessionReplay, policies: readonly { name: string; blocks: BlockingRule }[]) {
  return {
    file: r.file,
    split: r.split,
    stops: r.stops.length,
    reported: r.stops.filter((s) => s.findings.length > 0).length,
    ...Object.fromEntries(policies.map((p) => [p.name, tally(r.stops, p.blocks)])),
  };
}

function perSession(replays: readonly SessionReplay[], policies: readonly { name: string; blocks: BlockingRule }[]): string[] {
  const head = ['session', 'split', 'stops', 'reported', ...policies.flatMap((p) => [`blocks (${p.name})`, `wrong (${p.name})`])];
  const rows = replays.map((r) => {
    const cells = policies.flatMap((p) => {
      const t = tally(r.stops, p.blocks);
      return [String(blocksOf(t)), String(t.wrong)];
    });
    return [
      r.file.length > 48 ? `${r.file.slice(0, 47)}…` : r.file,
      r.split,
      String(r.stops.length),
      String(r.stops.filter((s) => s.findings.length > 0).length),
      ...cells,
    ];
  });
  return table(head, rows);
}

function perSplit(replays: readonly SessionReplay[], policies: readonly { name: string; blocks: BlockingRule }[]): string[] {
  const rows: string[][] = [];
  for (const split of SPLITS) {
    const mine = replays.filter((r) => r.split === split);
    const stops = mine.reduce((n, r) => n + r.stops.length, 0);
    for (const p of policies) {
      const t: Tally = { right: 0, wrong: 0, unlabelled: 0 };
      for (const r of mine) {
        const one = tally(r.stops, p.blocks);
        t.right += one.right;
        t.wrong += one.wrong;
        t.unlabelled += one.unlabelled;
      }
      rows.push([
        split,
        p.name,
        String(mine.length),
        String(stops),
        String(blocksOf(t)),
        String(t.right),
        String(t.wrong),
        String(t.unlabelled),
        stops === 0 ? '-' : ((PER_STOPS * t.wrong) / stops).toFixed(2),
        stops === 0 ? '-' : ((PER_STOPS * (t.wrong + t.unlabelled)) / stops).toFixed(2),
      ]);
    }
  }
  return table(
    ['split', 'policy', 'sessions', 'stops', 'blocks', 'right', 'wrong', 'unlabelled', `wrong per ${PER_STOPS} stops`, `wrong or unlabelled per ${PER_STOPS}`],
    rows,
  );
}

function table(head: string[], rows: string[][]): string[] {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), ...rows.map(line)];
}

main();
