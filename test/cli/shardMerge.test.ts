/**
 * `check --shard k/n` and `groundcheck merge`: a folder checked in 4 shards
 * and merged gives the report, the file problems, the totals and the exit
 * code of one run; shards are assigned by path, stably; reports of
 * different runs are refused.
 */
import { strict as assert } from 'node:assert';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, fixture, runCli } from './harness';

const TIMEOUT = 120_000;
const FOLDER = 'test/fixtures';

function jsonLines(text: string): unknown[] {
  return text
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

describe('check --shard and merge', function () {
  this.timeout(TIMEOUT * 3);
  let dir: string;
  let written = 0;
  before(async () => {
    await buildCli();
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-shard-'));
  });

  /** Checks FOLDER as shard 1..n with `args`, each report written to a file; returns the files. */
  function shards(n: number, format: 'json' | 'sarif', args: string[] = [], path = FOLDER): string[] {
    const files: string[] = [];
    for (let k = 1; k <= n; k++) {
      const r = runCli(['check', path, '--shard', `${k}/${n}`, '--format', format, ...args], { timeout: TIMEOUT });
      assert.notEqual(r.code, -1);
      const file = join(dir, `report-${++written}-shard-${k}-of-${n}.${format}`);
      writeFileSync(file, r.stdout);
      files.push(file);
    }
    return files;
  }

  it('a 4-shard check of a folder, merged, is the JSON report, the problems and the exit code of one run', () => {
    const whole = runCli(['check', FOLDER, '--format', 'json'], { timeout: TIMEOUT });
    const reports = shards(4, 'json');
    // Every shard holds some of the files; none holds them all.
    for (const f of reports) {
      const lines = jsonLines(readFileSync(f, 'utf8')) as Array<Record<string, unknown>>;
      const record = lines.at(-1)!.groundcheckShard as { checked: unknown[]; files: number };
      assert.ok(record.checked.length > 0 && record.checked.length < record.files);
    }
    const merged = runCli(['merge', ...reports.reverse()], { timeout: TIMEOUT });
    // No field differs: paths are relative to the working directory and ranges are the files' own.
    assert.deepEqual(jsonLines(merged.stdout), jsonLines(whole.stdout));
    assert.equal(merged.code, whole.code);
    assert.equal(merged.code, 2, 'the fixtures hold files with parse errors');
    const problems = (text: string) => text.split('\n').filter((l) => /: (error|warning): /.test(l));
    assert.deepEqual(problems(merged.stderr), problems(whole.stderr));
    const text = runCli(['check', FOLDER], { timeout: TIMEOUT });
    const totals = (s: string) => s.slice(s.indexOf('outputs in'));
    assert.equal(totals(merged.stderr), totals(text.stdout), 'the totals are those of the text report of one run');
  });

  it('gives the exit code of one run for --fail-on, from the shards or from merge', () => {
    const folder = fixture('rag');
    const whole = runCli(['check', folder, '--fail-on', 'partial', '--format', 'json'], { timeout: TIMEOUT });
    assert.equal(whole.code, 1);
    const failing = shards(3, 'json', ['--fail-on', 'partial'], folder);
    assert.equal(runCli(['merge', ...failing], { timeout: TIMEOUT }).code, 1);
    const plain = shards(3, 'json', [], folder);
    assert.equal(runCli(['merge', ...plain], { timeout: TIMEOUT }).code, 0);
    assert.equal(runCli(['merge', ...plain, '--fail-on', 'ungrounded'], { timeout: TIMEOUT }).code, 1);
  });

  it('a 4-shard SARIF check, merged in any order, is the SARIF log of one run, archive artifacts included', () => {
    const whole = runCli(['check', FOLDER, '--format', 'sarif'], { timeout: TIMEOUT });
    const [a, b, c, d] = shards(4, 'sarif');
    const merged = runCli(['merge', c, a, d, b], { timeout: TIMEOUT });
    const log = JSON.parse(merged.stdout);
    assert.deepEqual(log, JSON.parse(whole.stdout));
    assert.ok(
      log.runs[0].artifacts.some((x: { parentIndex?: number }) => x.parentIndex !== undefined),
      'the fixtures hold an archive whose entries are nested artifacts',
    );
    assert.equal(merged.code, whole.code);
  });

  it('assigns each file to one shard by its path alone: a new file moves no other', () => {
    const project = mkdtempSync(join(dir, 'stable-'));
    const row = readFileSync(join(fixture('rag'), 'answers.jsonl'), 'utf8');
    for (let i = 0; i < 12; i++) writeFileSync(join(project, `f${i}.jsonl`), row);
    const shardOfEach = () => {
      const at = new Map<string, number>();
      for (let k = 1; k <= 3; k++) {
        const r = runCli(['check', '.', '--shard', `${k}/3`, '--format', 'json'], { cwd: project, timeout: TIMEOUT });
        const record = (jsonLines(r.stdout).at(-1) as { groundcheckShard: { checked: Array<{ file: string }> } }).groundcheckShard;
        for (const f of record.checked) {
          assert.equal(at.get(f.file), undefined, `${f.file} is in two shards`);
          at.set(f.file, k);
        }
      }
      return at;
    };
    const before = shardOfEach();
    assert.equal(before.size, 12);
    assert.ok(new Set(before.values()).size > 1, 'the files are spread over the shards');
    writeFileSync(join(project, 'new.jsonl'), row);
    const after = shardOfEach();
    assert.equal(after.size, 13);
    for (const [file, k] of before) assert.equal(after.get(file), k, `${file} moved`);
  });

  it('refuses reports of different runs, a missing or repeated shard, and a report that is no shard', () => {
    const folder = fixture('rag');
    const [one, two] = shards(2, 'json', [], folder);
    const [, specTwo] = shards(2, 'json', ['--profile', 'spec'], folder);
    const mixed = runCli(['merge', one, specTwo], { timeout: TIMEOUT });
    assert.equal(mixed.code, 2);
    assert.match(mixed.stderr, /^groundcheck merge: .* were checked with different options \(settings\): they are not shards of one run$/m);
    assert.equal(mixed.stdout, '');
    const [, otherInputs] = shards(2, 'json', [], fixture('mixed'));
    assert.match(runCli(['merge', one, otherInputs], { timeout: TIMEOUT }).stderr, /checked different inputs/);
    const alone = runCli(['merge', one], { timeout: TIMEOUT });
    assert.equal(alone.code, 2);
    assert.match(alone.stderr, /shard 2\/2 missing: a merge needs every shard of the run/);
    assert.match(runCli(['merge', one, one, two], { timeout: TIMEOUT }).stderr, /are both shard 1\/2/);
    const plain = join(dir, 'plain.json');
    writeFileSync(plain, runCli(['check', folder, '--format', 'json'], { timeout: TIMEOUT }).stdout);
    assert.match(runCli(['merge', plain, two], { timeout: TIMEOUT }).stderr, /plain\.json: no shard record/);
    const sarif = shards(2, 'sarif', [], folder);
    assert.match(runCli(['merge', one, sarif[1]], { timeout: TIMEOUT }).stderr, /reports of different formats/);
  });

  it('refuses to shard standard input', () => {
    const r = runCli(['check', '-', '--shard', '1/2'], { input: '', timeout: TIMEOUT });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /standard input cannot be sharded/);
    assert.equal(runCli(['check', FOLDER, '--shard', '3/2'], { timeout: TIMEOUT }).code, 2);
  });
});
