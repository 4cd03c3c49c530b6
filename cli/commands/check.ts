/**
 * `groundcheck check PATHS…`: checks transcripts and RAG fixtures in bulk for
 * CI and batch evals, reporting as compiler-style text, JSON Lines, SARIF or
 * an HTML page of the conversations with their findings marked.
 * Exit codes: 0 clean, 1 some output reached `--fail-on`, 2 a usage error, a
 * bad config, or an input that could not be checked (the rest still are).
 */
import { availableParallelism } from 'node:os';
import { type Command, Option } from 'commander';
import { defaultSettings } from '../check/checkSettings';
import { CHECK_WORKER_COMMAND, serveCheckJobs } from '../check/poolWorker';
import { ConfigError, loadConfig, type LoadedConfig } from '../check/config';
import { applyFlags, type CheckFlags, parseCount, parseEntityTypes, parseFailOn, parseProfile, parseRule } from '../check/flags';
import { isBudgetSet } from '../../shared/usage/budget';
import { DEFAULT_PRICES } from '../../shared/usage/defaultPrices';
import { mergedPrices } from '../../shared/usage/prices';
import { paletteFor } from '../check/reporters/colors';
import { HtmlReporter } from '../check/reporters/html';
import { JsonLinesReporter } from '../check/reporters/jsonl';
import type { Reporter, ReportStreams } from '../check/reporters/reporter';
import { SarifReporter } from '../check/reporters/sarif';
import { TextReporter } from '../check/reporters/text';
import { runCheck } from '../check/runCheck';
import { followFile } from '../check/followFile';
import type { FileCheckSetup } from '../check/fileCheckSetup';
import { expandPaths, STDIN } from '../check/expandPaths';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import { visibleMessage } from '../terminal/visibleControls';
import { parseShard } from '../check/shard/shardSpec';

export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('check transcripts and RAG fixtures for claims their context never gave the model')
    .argument('<paths...>', 'files, folders (searched recursively), glob patterns, or - for standard input')
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'json', 'sarif', 'html']).default('text'))
    .option(
      '--fail-on <level>',
      'exit 1 when an output is at least this bad (partial, ungrounded), or a turn crosses a hard budget (budget); several joined by commas',
      parseFailOn,
    )
    .option('--strict', 'case-sensitive, whole-token, single-sentence lookups')
    .option('--no-strict', 'lenient lookups, whatever the config says')
    .option(
      '--profile <name>',
      'detection rules: "refined" (default: every pack), "spec" (the plain SHOR rules), or packs joined by commas ("core,prose,records"; `groundcheck rules` says where each runs)',
      parseProfile,
    )
    .option(
      '--rule <id=on|off>',
      "turn a rule on or off, over the config's rules (repeat for more; `groundcheck rules` lists them, and which stay silent in an agent's turn unless turned on)",
      parseRule,
    )
    .option('--entity-types <types>', `comma-separated types to check (${'number,date,…'})`, parseEntityTypes)
    .option('--min-entities <n>', 'outputs with fewer entities are INDETERMINATE', parseCount(0))
    .option('--max-segments <n>', 'segments checked per file; the rest is reported as not checked (default 50000)', parseCount(1))
    .option('--jobs <n>', 'files checked in parallel (1 = no worker threads)', parseCount(1), availableParallelism())
    .option('--config <file>', 'project config to use instead of searching for groundcheck.config.json')
    .option('--echo', "let the model's own earlier outputs ground later ones")
    .option('--no-ignore', 'do not apply .groundcheck/ignore.json')
    .option('--all-locations', 'JSON: list every place the context has each entity, not only the nearest')
    .option('--follow', 'keep checking one file as it grows, reporting each new output once (stop with Ctrl-C)')
    .option('--verbose', 'list the files skipped (not transcripts, FIFOs, devices, links out of the folder), and why')
    .option('--shard <k/n>', 'check only shard k of n of the files (split by a hash of each path); groundcheck merge joins the reports', parseShard)
    .option(
      '--allow-outside-refs',
      "read files a transcript refers to (promptfoo file://, a session's CLAUDE.md or AGENTS.md) outside its folder and the working directory",
    )
    .exitOverride((err) => {
      // Usage errors share exit code 2 with input errors; 1 means "findings".
      process.exit(err.exitCode === 0 ? 0 : 2);
    })
    .action(async (paths: string[], flags: CheckFlags) => {
      process.exitCode = await check(paths, flags);
    });

  program.command(CHECK_WORKER_COMMAND, { hidden: true }).action(() => serveCheckJobs());
}

async function check(paths: string[], flags: CheckFlags): Promise<number> {
  const io: ReportStreams = {
    out: (text) => void process.stdout.write(text),
    // Every message names a file, and some quote it: nothing in them may reach the terminal as a control.
    err: (text) => void process.stderr.write(visibleMessage(text)),
  };
  let config;
  try {
    config = loadConfig(flags.config);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    for (const line of err.lines) io.err(`${line}\n`);
    return 2;
  }
  const defaults = defaultSettings();
  const base = { ...defaults, ...config.settings, severity: { ...defaults.severity, ...config.settings.severity } };
  const settings = applyFlags(base, flags);
  const reporter: Reporter =
    flags.format === 'json'
      ? new JsonLinesReporter(io, flags.allLocations === true)
      : flags.format === 'sarif'
        ? new SarifReporter(io)
        : flags.format === 'html'
          ? new HtmlReporter(io)
          : new TextReporter(io, paletteFor(process.stdout), flags.verbose === true);
  if (flags.follow) return follow(paths, flags, settings, config, reporter, io);
  if (flags.shard && paths.includes(STDIN)) {
    io.err('--shard splits the files named by path: standard input cannot be sharded\n');
    return 2;
  }
  const entry = require.main?.filename ?? process.argv[1];
  return runCheck({
    paths,
    setup: setupFor(flags, settings, config),
    failOn: flags.failOn,
    jobs: flags.jobs,
    workerScript: entry ? { path: entry, argv: [CHECK_WORKER_COMMAND] } : undefined,
    reporter,
    err: io.err,
    progress: process.stderr,
    verbose: flags.verbose === true,
    stdinStream: () => process.stdin,
    drained: stdoutDrained,
    ...(flags.shard ? { shard: { spec: flags.shard, options: shardOptions(flags, settings, config) } } : {}),
  });
}

/** What shapes a run's results, recorded in each shard's report so reports of different runs are not merged. */
function shardOptions(flags: CheckFlags, settings: GroundcheckSettings, config: LoadedConfig): Record<string, unknown> {
  return {
    format: flags.format,
    failOn: flags.failOn ?? null,
    allLocations: flags.allLocations === true,
    ignore: flags.ignore && config.ignore !== false,
    allowOutsideRefs: flags.allowOutsideRefs === true,
    settings,
  };
}

/** Resolves at once, or when stdout has written out what it holds (a pipe to a slow reader). */
function stdoutDrained(): Promise<void> {
  if (!process.stdout.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      process.stdout.off('drain', done);
      process.stdout.off('close', done);
      resolve();
    };
    process.stdout.once('drain', done);
    process.stdout.once('close', done);
  });
}

/** What checking each file needs, from the flags and the project config. */
function setupFor(flags: CheckFlags, settings: GroundcheckSettings, config: LoadedConfig): FileCheckSetup {
  return {
    settings,
    // The HTML report shows where the context has each grounded entity, so it needs the ledger too.
    ledger: flags.format === 'json' || flags.format === 'html',
    allLocations: flags.allLocations === true,
    conversation: flags.format === 'html',
    references: { cwd: process.cwd(), anywhere: flags.allowOutsideRefs === true },
    ...(flags.ignore && config.ignore !== false ? { ignoreRoot: config.root } : {}),
    ...(isBudgetSet(config.budget) ? { budget: { limits: config.budget, prices: mergedPrices(DEFAULT_PRICES, config.prices) } } : {}),
    ...(flags.format === 'html' ? { prices: mergedPrices(DEFAULT_PRICES, config.prices) } : {}),
  };
}

/** How often `--follow` looks at the file. */
const FOLLOW_POLL_MS = 300;

async function follow(
  paths: string[],
  flags: CheckFlags,
  settings: GroundcheckSettings,
  config: LoadedConfig,
  reporter: Reporter,
  io: ReportStreams,
): Promise<number> {
  if (flags.format === 'sarif' || flags.format === 'html') {
    io.err(`--follow reports as it goes; ${flags.format === 'sarif' ? 'SARIF' : 'an HTML report'} is one document at the end: use --format text or json\n`);
    return 2;
  }
  const { targets, missing } = expandPaths(paths);
  if (missing.length > 0 || targets.length !== 1 || !targets[0].explicit || targets[0].path === STDIN) {
    for (const line of missing) io.err(`${line}\n`);
    io.err('--follow takes exactly one file\n');
    return 2;
  }
  const stop = new AbortController();
  process.once('SIGINT', () => stop.abort());
  process.once('SIGTERM', () => stop.abort());
  return followFile({
    target: targets[0],
    setup: setupFor(flags, settings, config),
    reporter,
    err: io.err,
    failOn: flags.failOn,
    pollMs: FOLLOW_POLL_MS,
    stop: stop.signal,
  });
}
