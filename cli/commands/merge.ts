/**
 * `groundcheck merge REPORTS…`: joins the JSON Lines or SARIF reports of the
 * shards of one `check --shard k/n` run (one per CI machine) into the report
 * one unsharded run gives, on stdout; the file problems and the run's totals
 * go to stderr, and the exit code is the one the unsharded run gives.
 */
import { type Command, Option } from 'commander';
import { readBounded } from '../../shared/io/boundedRead';
import { fileProblems } from '../check/reportedFindings';
import { paletteFor } from '../check/reporters/colors';
import { TextReporter } from '../check/reporters/text';
import { fileReportOf } from '../check/shard/shardRecord';
import { checkOneRun, filesInOrder, MergeRefused, mergedJsonLines, mergedSarif, readShardReport, type ShardReport } from '../check/shard/mergeReports';
import { type FailOn, RunSummary } from '../check/summary';
import { visibleMessage } from '../terminal/visibleControls';

/** A shard's report is read whole: this bounds what a wrong argument (a device, a huge file) can cost. */
const MAX_REPORT_BYTES = 1024 * 1024 * 1024;

export function registerMerge(program: Command): void {
  program
    .command('merge')
    .description('join the JSON or SARIF reports of the shards of one check --shard run into the report one run gives')
    .argument('<reports...>', 'the report of every shard (check --shard k/n --format json or sarif)')
    .addOption(
      new Option('--fail-on <level>', 'exit 1 when an output is at least this bad (default: as the shards were run)').choices(['partial', 'ungrounded']),
    )
    .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2))
    .action((paths: string[], flags: { failOn?: FailOn }) => {
      process.exitCode = merge(paths, flags.failOn);
    });
}

function merge(paths: string[], failOn: FailOn | undefined): number {
  const err = (text: string) => void process.stderr.write(visibleMessage(text));
  let reports: ShardReport[];
  try {
    reports = paths.map((p) => readShardReport(p, readReport(p)));
    checkOneRun(reports);
  } catch (e) {
    if (!(e instanceof MergeRefused)) throw e;
    err(`groundcheck merge: ${e.message}\n`);
    return 2;
  }
  const first = reports[0].record;
  const out =
    reports[0].kind === 'sarif'
      ? `${JSON.stringify(mergedSarif(reports), null, 2)}\n`
      : mergedJsonLines(reports)
          .map((l) => `${JSON.stringify(l)}\n`)
          .join('');
  process.stdout.write(out);
  // What one run says on stderr, in its order: paths that named nothing, then each file's problems, then the totals.
  for (const line of first.missing) err(`${line}\n`);
  const summary = new RunSummary();
  for (const f of filesInOrder(reports)) {
    const report = fileReportOf(f);
    for (const line of fileProblems(report, f.explicit)) err(`${line}\n`);
    summary.addFile(report, f.explicit);
    summary.addTally(f.tally);
  }
  // The totals are groundcheck's own words and figures, several lines: written as they are.
  const totals = (text: string) => void process.stderr.write(text);
  new TextReporter({ out: totals, err }, paletteFor(process.stderr), false).end(summary);
  const shardsFailOn = first.options.failOn as FailOn | null | undefined;
  return first.missing.length > 0 ? 2 : summary.exitCode(failOn ?? shardsFailOn ?? undefined);
}

function readReport(path: string): string {
  try {
    return readBounded(path, MAX_REPORT_BYTES).toString('utf8');
  } catch (e) {
    throw new MergeRefused(`${path}: cannot read: ${(e as Error).message}`);
  }
}
