import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateShortTurnsSession } from '../../bench/generators/shortTurnsSession';
import { RagRows } from '../../bench/generators/ragRows';
import { checkFile } from '../../cli/check/checkFile';
import { readTarget } from '../../cli/check/checkTarget';
import { defaultSettings } from '../../cli/check/checkSettings';
import { fileCheckOptions, type FileCheckSetup } from '../../cli/check/fileCheckSetup';
import type { FileReport } from '../../cli/check/fileReport';
import { JsonLinesReporter } from '../../cli/check/reporters/jsonl';
import { TextReporter } from '../../cli/check/reporters/text';
import type { Reporter } from '../../cli/check/reporters/reporter';
import { paletteFor } from '../../cli/check/reporters/colors';
import { runCheck } from '../../cli/check/runCheck';
import { RunSummary } from '../../cli/check/summary';

/** What a reporter wrote, and the reports it was handed for one file. */
function recording(make: (io: { out(t: string): void; err(t: string): void }) => Reporter) {
  const seen = { out: '', err: '', calls: [] as FileReport[] };
  const inner = make({ out: (t) => (seen.out += t), err: (t) => (seen.err += t) });
  const reporter: Reporter = {
    file: (report, target) => {
      seen.calls.push(report);
      inner.file(report, target);
    },
    end: (summary) => inner.end(summary),
    ...(inner.problem ? { problem: inner.problem.bind(inner) } : {}),
  };
  return { seen, reporter };
}

describe('groundcheck check: a long session reported as it is checked', function () {
  this.timeout(120000);
  const dir = mkdtempSync(join(tmpdir(), 'groundcheck-pieces-'));
  const setup: FileCheckSetup = { settings: defaultSettings(), ledger: true };
  // A session of short turns, and RAG rows with findings (each row a conversation of its own).
  const session = generateShortTurnsSession({ targetSize: 600_000, seed: 11 });
  const sessionPath = join(dir, 'session.jsonl');
  writeFileSync(sessionPath, session.raw);
  const rows = new RagRows(3);
  const rowsPath = join(dir, 'rows.jsonl');
  writeFileSync(rowsPath, Array.from({ length: 300 }, () => rows.next()).join(''));

  /** The file checked whole and handed to the reporter in one report, as a run did before it went out in pieces. */
  function wholeRun(path: string, make: Parameters<typeof recording>[0]): string {
    const { seen, reporter } = recording(make);
    const target = { path, shown: path, explicit: true };
    const options = fileCheckOptions(setup);
    const read = readTarget(target, options);
    if (!('input' in read)) throw new Error(`not read: ${JSON.stringify(read.report)}`);
    const report = checkFile(read.input, options);
    const summary = new RunSummary();
    summary.add(report, true);
    reporter.file(report, target);
    reporter.end(summary);
    return seen.out;
  }

  /** The file checked by a run, with the reports its reporter was handed. */
  async function run(path: string, make: Parameters<typeof recording>[0]) {
    const { seen, reporter } = recording(make);
    const code = await runCheck({ paths: [path], setup, jobs: 1, reporter, err: () => undefined });
    return { ...seen, code, outputCalls: seen.calls.filter((r) => r.outputs.length > 0) };
  }

  it('hands a JSON Lines reporter the outputs in batches, and writes the same records a whole report gives', async () => {
    const r = await run(sessionPath, (io) => new JsonLinesReporter(io));
    assert.equal(r.code, 0);
    // Some hundred outputs leave in several batches, each before the next batch is checked, not in one report at the end.
    assert.ok(r.outputCalls.length >= 3, `outputs came in ${r.outputCalls.length} call(s)`);
    assert.equal(
      r.outputCalls.reduce((n, c) => n + c.outputs.length, 0),
      session.outputs,
    );
    assert.ok(r.out === wholeRun(sessionPath, (io) => new JsonLinesReporter(io)), "the JSON Lines differ from the whole report's");
  });

  it('gives the text report, findings and summary, exactly as a whole report does', async () => {
    const plain = paletteFor({ isTTY: false }, {});
    const r = await run(rowsPath, (io) => new TextReporter(io, plain));
    assert.ok(r.outputCalls.length >= 3, `outputs came in ${r.outputCalls.length} call(s)`);
    const whole = wholeRun(rowsPath, (io) => new TextReporter(io, plain));
    assert.ok(whole.includes(' not in context'), 'the rows have findings to compare');
    assert.ok(r.out === whole, "the text report differs from the whole report's");
  });
});
