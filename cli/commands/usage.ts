/**
 * `groundcheck usage PATHS… [--format text|json|csv] [--sort COLUMN]`: what
 * agent sessions spent, as their logs record it. One row per session file
 * (format, models, input, output, cache write, cache read, model turns, wall
 * time) and a totals row; folders are walked as `check` walks them. A file
 * that cannot be read, or a line that is not valid JSON, is reported as
 * `file:line: message` on stderr and the other files are still reported.
 */
import { resolve } from 'node:path';
import { Option, type Command } from 'commander';
import { FileRefused, readBounded } from '../../shared/io/boundedRead';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { DEFAULT_PRICES } from '../../shared/usage/defaultPrices';
import { costOfCounts, costOfModels, mergedPrices, type Cost, type PriceTable } from '../../shared/usage/prices';
import { ConfigError, loadConfig } from '../check/config';
import { ledgerTotals, type LedgerTotals } from '../../shared/usage/ledgerTotals';
import { perModel, type ModelUsage, type SessionUsage, type TokenCounts } from '../../shared/usage/model';
import { readUsageAndTimes } from '../../shared/usage/readUsage';
import { isSubAgentFileName, subAgentFilesOf } from '../../shared/usage/subAgentFiles';
import { withSubAgents, type TimedUsage } from '../../shared/usage/withSubAgents';
import { counted } from '../../shared/text/counted';
import { dollars } from '../../shared/usageView/text';
import { expandPaths, STDIN, type CheckTarget } from '../check/expandPaths';
import { displayPath } from '../check/locator';
import { visibleControls } from '../terminal/visibleControls';

export type UsageFormat = 'text' | 'json' | 'csv';

export const SORT_COLUMNS = ['file', 'format', 'models', 'input', 'output', 'cache-write', 'cache-read', 'turns', 'wall', 'active', 'cost'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

export interface UsageOptions {
  format?: UsageFormat;
  sort?: SortColumn;
  /** A config file to read prices from instead of the one found from the working directory. */
  config?: string;
}

export interface UsageIo {
  out(text: string): void;
  err(text: string): void;
  cwd?: string;
}

export interface SessionRow extends SessionUsage {
  file: string;
  /** API-equivalent cost at the run's prices (see shared/usage/prices.ts); absent when no usage is recorded. */
  cost?: Cost;
}

export interface UsageReport {
  sessions: SessionRow[];
  totals: LedgerTotals & { cost: Cost; byModel: Array<ModelUsage & { cost: Cost }> };
  /** The prices used: the shipped table's date, and the models the config priced itself. */
  prices: { date?: string; fromConfig: string[] };
  /** Files found in folders that are no session log, passed over. */
  skipped: number;
}

/**
 * Runs the command; returns the exit code: 0, 1 when a path, file or line
 * could not be read (the rest is still reported), 2 when the config is invalid.
 */
export function runUsage(paths: readonly string[], options: UsageOptions, io: UsageIo): number {
  const cwd = io.cwd ?? process.cwd();
  let prices: PriceTable;
  let fromConfig: string[];
  try {
    const config = loadConfig(options.config, cwd);
    prices = mergedPrices(DEFAULT_PRICES, config.prices);
    fromConfig = Object.keys(config.prices ?? {});
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const line of err.lines) io.err(line);
    return 2;
  }
  const { targets, missing, skipped: passedOver } = expandPaths(paths, cwd);
  let failed = missing.length > 0;
  for (const m of missing) io.err(`groundcheck usage: ${m}`);
  const read: Array<{ target: CheckTarget; timed: TimedUsage }> = [];
  let skipped = passedOver.length;
  /** Reads one file, reporting what cannot be read; undefined when it is no session. */
  const readOne = (target: CheckTarget): TimedUsage | undefined => {
    let raw: string;
    try {
      raw = readBounded(target.path, DEFAULT_SETTINGS.maxFileSizeMB * 1024 * 1024).toString('utf8');
    } catch (err) {
      io.err(`${target.shown}: error: ${readFailure(err)}`);
      failed = true;
      return undefined;
    }
    const usage = readUsageAndTimes({ raw, path: resolve(target.path) });
    if ('notTranscript' in usage) {
      if (target.explicit) {
        io.err(`${target.shown}: error: ${usage.reason}`);
        failed = true;
      } else skipped++;
      return undefined;
    }
    for (const e of usage.usage.errors) io.err(`${target.shown}:${e.line}: ${e.message}`);
    if (usage.usage.errors.length > 0) failed = true;
    return usage;
  };
  for (const target of targets) {
    if (target.path === STDIN) {
      io.err('groundcheck usage: -: error: standard input is not read by this command; name the file');
      failed = true;
      continue;
    }
    const timed = readOne(target);
    if (timed) read.push({ target, timed });
  }
  const sessions = withTheirSubAgents(read, (path) => readOne({ path, shown: displayPath(path, cwd), explicit: true }), cwd);
  settleProgressOnlyAgents(sessions);
  for (const s of sessions) if (s.totals) s.cost = costOfModels(prices, s.byModel ?? perModel(s.groups));
  const totals = ledgerTotals(sessions);
  const report: UsageReport = {
    sessions: sortSessions(sessions, options.sort ?? 'file'),
    totals: {
      ...totals,
      cost: costOfModels(prices, totals.byModel),
      byModel: totals.byModel.map((m) => ({ ...m, cost: costOfCounts(prices, m.model, m.counts) })),
    },
    prices: { ...(prices.date !== undefined ? { date: prices.date } : {}), fromConfig },
    skipped,
  };
  const format = options.format ?? 'text';
  io.out(format === 'json' ? JSON.stringify(report, null, 2) : format === 'csv' ? formatCsv(report) : formatText(report, prices));
  return failed ? 1 : 0;
}

/**
 * Each Claude Code session with the sub-agent files beside it summed in
 * (see shared/usage/subAgentFiles.ts); a sub-agent file so summed is no row
 * of its own, whether it was given or found beside its session.
 */
function withTheirSubAgents(
  read: Array<{ target: CheckTarget; timed: TimedUsage }>,
  readMore: (path: string) => TimedUsage | undefined,
  cwd: string,
): SessionRow[] {
  const given = new Map(read.map((r) => [resolve(cwd, r.target.path), r.timed]));
  const summed = new Set<string>();
  const merged = new Map<CheckTarget, SessionRow>();
  for (const { target, timed } of read) {
    if (timed.usage.format !== 'claude-code' || isSubAgentFileName(target.path)) continue;
    const files = subAgentFilesOf(resolve(cwd, target.path), timed.usage.sessionId);
    const agents: Array<TimedUsage & { file: string }> = [];
    for (const file of files) {
      if (summed.has(file)) continue;
      const agent = given.get(file) ?? readMore(file);
      if (!agent || agent.usage.format !== 'claude-code') continue;
      summed.add(file);
      agents.push({ ...agent, file: displayPath(file, cwd) });
    }
    merged.set(target, { file: target.shown, ...withSubAgents(timed, agents) });
  }
  return read.filter((r) => !summed.has(resolve(cwd, r.target.path))).map((r) => merged.get(r.target) ?? { file: r.target.shown, ...r.timed.usage });
}

/**
 * A sub-agent a session holds only as progress snapshots is counted when its
 * own file is among those given; only the others stay named as missing.
 */
function settleProgressOnlyAgents(sessions: SessionRow[]): void {
  const given = new Set(sessions.flatMap((s) => s.groups.map((g) => g.agent)));
  for (const s of sessions) {
    if (!s.progressOnlyAgents) continue;
    const missing = s.progressOnlyAgents.filter((a) => !given.has(a));
    if (missing.length > 0) s.progressOnlyAgents = missing;
    else delete s.progressOnlyAgents;
  }
}

/** Why a session's figures leave out sub-agents it ran, or undefined. */
export function missingAgentsNote(s: SessionUsage): string | undefined {
  if (!s.progressOnlyAgents) return undefined;
  return `${s.progressOnlyAgents.join(', ')}: logged here only as mid-stream progress copies, not counted; give ${s.progressOnlyAgents.length === 1 ? 'its own file' : 'their own files'} (subagents/agent-*.jsonl) to count them`;
}

/** Text columns ascending, figures descending (the biggest spender first); sessions without figures last. */
export function sortSessions(sessions: SessionRow[], column: SortColumn): SessionRow[] {
  const key = sortKey(column);
  return [...sessions].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (typeof x === 'string' && typeof y === 'string') return x < y ? -1 : x > y ? 1 : 0;
    const nx = typeof x === 'number' ? x : -1;
    const ny = typeof y === 'number' ? y : -1;
    return ny - nx || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  });
}

function sortKey(column: SortColumn): (s: SessionRow) => string | number | undefined {
  switch (column) {
    case 'file':
      return (s) => s.file;
    case 'format':
      return (s) => s.format;
    case 'models':
      return (s) => s.models.join(', ');
    case 'input':
      return (s) => s.totals?.input;
    case 'output':
      return (s) => s.totals?.output;
    case 'cache-write':
      return (s) => s.totals?.cacheWrite ?? undefined;
    case 'cache-read':
      return (s) => s.totals?.cacheRead;
    case 'turns':
      return (s) => (s.recorded ? s.turns : undefined);
    case 'wall':
      return (s) => s.wallMs;
    case 'active':
      return (s) => s.activeMs;
    case 'cost':
      return (s) => s.cost?.usd ?? undefined;
  }
}

const HEADER = ['file', 'format', 'models', 'input', 'output', 'cache write', 'cache read', 'turns', 'wall time', 'active', 'cost'];
const NUMERIC = new Set([3, 4, 5, 6, 7, 8, 9, 10]);

/** The table for a terminal; file names and model names come from outside and have their controls made visible. */
export function formatText(r: UsageReport, prices: PriceTable = DEFAULT_PRICES): string {
  const rows = r.sessions.map((s) => [
    visibleControls(s.file),
    s.format,
    visibleControls(s.models.join(', ')) || '-',
    ...countCells(s.totals, grouped),
    s.recorded ? grouped(s.turns) : '-',
    s.wallMs === undefined ? '-' : duration(s.wallMs),
    s.activeMs === undefined ? '-' : duration(s.activeMs),
    costCell(s.cost),
  ]);
  const t = r.totals;
  rows.push([
    `total (${counted(r.sessions.length, 'session')})`,
    '',
    t.models.length > 1 ? counted(t.models.length, 'model') : visibleControls(t.models.join(', ')) || '-',
    ...countCells(t.totals, grouped),
    grouped(t.turns),
    duration(t.wallMs),
    '',
    costCell(t.cost),
  ]);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (NUMERIC.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  const lines = [line(HEADER), ...rows.slice(0, -1).map(line), widths.map((w) => '-'.repeat(w)).join('  '), line(rows[rows.length - 1])];
  for (const s of r.sessions) {
    if (s.note) lines.push(`${visibleControls(s.file)}: ${s.note}`);
    if (s.cost && s.cost.usd === null) lines.push(`${visibleControls(s.file)}: ${visibleControls(unknownCost(s.cost))}`);
    const missing = missingAgentsNote(s);
    if (missing) lines.push(`${visibleControls(s.file)}: ${visibleControls(missing)}`);
    if (s.subAgents) {
      for (const a of s.subAgents) {
        const wall = a.wallMs === undefined ? '' : `, ${duration(a.wallMs)} wall`;
        const cost = a.byModel ? costOfModels(prices, a.byModel) : undefined;
        const spent = cost ? `, ${cost.usd === null ? 'cost unknown' : dollars(cost.usd)}` : '';
        lines.push(
          `${visibleControls(s.file)}: ${visibleControls(a.agent)} (${visibleControls(a.file)}): ${counted(a.turns, 'turn')}, ${figures(a.totals)}${wall}${spent}`,
        );
      }
    } else if (!missing && s.groups.length > 1) {
      for (const g of s.groups)
        lines.push(
          `${visibleControls(s.file)}: ${visibleControls(g.agent)}, ${visibleControls(g.model)}: ${counted(g.turns, 'turn')}, ${grouped(g.counts.input)} in, ${grouped(g.counts.output)} out`,
        );
    }
  }
  if (t.byModel.length > 1) {
    for (const m of t.byModel) {
      lines.push(
        `total, ${visibleControls(m.model)}: ${counted(m.turns, 'turn')}, ${figures(m.counts)}, ${m.cost.usd === null ? 'cost unknown' : dollars(m.cost.usd)}`,
      );
    }
  }
  if (t.cost.usd === null) lines.push(`total: ${visibleControls(unknownCost(t.cost))}`);
  lines.push(pricesLine(r));
  if (t.sharedCalls > 0) lines.push(`${counted(t.sharedCalls, 'model turn')} logged in more than one file counted once in the total`);
  if (r.skipped > 0) lines.push(`${counted(r.skipped, 'file')} in folders skipped: no session log`);
  return lines.join('\n');
}

// biome-ignore format: a list of words or values reads best packed
const CSV_HEADER = ['file', 'format', 'models', 'input', 'output', 'cache_write', 'cache_read', 'reasoning', 'turns', 'wall_seconds', 'note', 'active_seconds', 'sub_agents', 'cost_usd', 'cost_note'];

/** RFC 4180: a row per session, then the total; unknown figures are empty cells, not zeros. */
export function formatCsv(r: UsageReport): string {
  const plain = (n: number) => String(n);
  const rows = r.sessions.map((s) => [
    s.file,
    s.format,
    s.models.join(' '),
    ...countCells(s.totals, plain, ''),
    s.totals?.reasoning == null ? '' : plain(s.totals.reasoning),
    s.recorded ? plain(s.turns) : '',
    s.wallMs === undefined ? '' : String(s.wallMs / 1000),
    [s.note, missingAgentsNote(s)].filter((n) => n !== undefined).join('; '),
    s.activeMs === undefined ? '' : String(s.activeMs / 1000),
    s.subAgents ? String(s.subAgents.length) : '',
    s.cost?.usd == null ? '' : String(s.cost.usd),
    s.cost && s.cost.usd === null ? unknownCost(s.cost) : '',
  ]);
  const t = r.totals;
  rows.push([
    'total',
    '',
    t.models.join(' '),
    ...countCells(t.totals, plain, ''),
    t.totals?.reasoning == null ? '' : plain(t.totals.reasoning),
    plain(t.turns),
    String(t.wallMs / 1000),
    '',
    '',
    '',
    t.cost.usd === null ? '' : String(t.cost.usd),
    t.cost.usd === null ? unknownCost(t.cost) : '',
  ]);
  return [CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');
}

function countCells(c: TokenCounts | null, show: (n: number) => string, none = '-'): string[] {
  if (!c) return [none, none, none, none];
  return [show(c.input), show(c.output), c.cacheWrite === null ? none : show(c.cacheWrite), show(c.cacheRead)];
}

/** The cost column: dollars, `unknown` when some model or count has no price, `-` when nothing is recorded. */
function costCell(c: Cost | undefined): string {
  if (!c) return '-';
  return c.usd === null ? 'unknown' : dollars(c.usd);
}

/** Why a cost is unknown, and what the priced part comes to (a floor, not the cost). */
export function unknownCost(c: Cost): string {
  const floor = c.pricedUsd ? `; the rest comes to ${dollars(c.pricedUsd)}` : '';
  return `cost unknown: ${(c.unknown ?? []).join(', ')} (add it to "prices" in groundcheck.config.json)${floor}`;
}

function pricesLine(r: UsageReport): string {
  const base = r.prices.date !== undefined ? `groundcheck's price table of ${r.prices.date}` : 'the config';
  const own = r.prices.fromConfig.length > 0 ? `, with ${counted(r.prices.fromConfig.length, 'model')} priced by the config` : '';
  return `cost: API-equivalent, at ${base}${own} (docs/usage.md: prices)`;
}

/** `12,400 in, 830 out, 900 cache write, 11,900 cache read`, the unknown left out. */
function figures(c: TokenCounts | null): string {
  if (!c) return 'no usage recorded';
  const parts = [`${grouped(c.input)} in`, `${grouped(c.output)} out`];
  if (c.cacheWrite !== null) parts.push(`${grouped(c.cacheWrite)} cache write`);
  parts.push(`${grouped(c.cacheRead)} cache read`);
  return parts.join(', ');
}

function csvCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

function grouped(n: number): string {
  return n.toLocaleString('en-US');
}

/** `2h 05m`, `4m 09s`, `12s`. */
export function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, '0')}m`;
}

/** Commander wiring: `groundcheck usage PATHS… [--format] [--sort]`. */
export function registerUsage(program: Command): void {
  program
    .command('usage')
    .description('Show the tokens agent sessions spent, as their logs record them: a row per session and a total.')
    .argument('<paths...>', 'session files or folders')
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'json', 'csv']).default('text'))
    .addOption(new Option('--sort <column>', 'order sessions by a column (figures largest first)').choices([...SORT_COLUMNS]).default('file'))
    .option('--config <file>', 'project config to read prices from instead of searching for groundcheck.config.json')
    .action((paths: string[], options: UsageOptions) => {
      process.exitCode = runUsage(paths, options, {
        out: (text) => process.stdout.write(`${text}\n`),
        err: (text) => process.stderr.write(`${visibleControls(text)}\n`),
      });
    });
}

function readFailure(err: unknown): string {
  if (err instanceof FileRefused) return err.reason;
  return err instanceof Error ? err.message : String(err);
}
