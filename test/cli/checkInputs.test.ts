import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, fixture, readFixture, runCli } from './harness';

function jsonFiles(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => `${JSON.parse(l).file}:${JSON.parse(l).line}`);
}

describe('groundcheck check: inputs and exit codes', function () {
  this.timeout(60000);
  before(buildCli);

  it('walks folders recursively, skipping non-transcripts found there and counting them', () => {
    const r = runCli(['check', fixture('mixed'), '--jobs', '1']);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, '');
    assert.match(r.stdout, /\n3 outputs in 1 file \(2 files given: 1 not transcripts \(1 text\)\)\n/);
  });

  it('reports a non-transcript named explicitly, checks the rest, and exits 2', () => {
    const r = runCli(['check', fixture('mixed/notes.txt'), fixture('rag/unicode.jsonl'), '--format', 'json']);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `${fixture('mixed/notes.txt')}: error: not a transcript or RAG fixture groundcheck knows: text with no recognisable chat or trace structure.\n`,
    );
    assert.deepEqual(jsonFiles(r.stdout), [`${fixture('rag/unicode.jsonl')}:1`]);
  });

  it('expands glob patterns', () => {
    const r = runCli(['check', 'test/fixtures/cli/**/*.jsonl', '--format', 'json', '--jobs', '1']);
    assert.equal(r.code, 2, 'broken.jsonl is among the matches');
    assert.deepEqual(jsonFiles(r.stdout), [
      `${fixture('broken.jsonl')}:1`,
      // The eval harness's RAGTruth rows are rows groundcheck reads too.
      `${fixture('eval/mini.jsonl')}:1`,
      `${fixture('eval/mini.jsonl')}:2`,
      `${fixture('eval/mini.jsonl')}:3`,
      `${fixture('eval/mini.jsonl')}:4`,
      `${fixture('mixed/nested/copy.jsonl')}:1`,
      `${fixture('mixed/nested/copy.jsonl')}:2`,
      `${fixture('mixed/nested/copy.jsonl')}:3`,
      `${fixture('rag/answers.jsonl')}:1`,
      `${fixture('rag/answers.jsonl')}:2`,
      `${fixture('rag/answers.jsonl')}:3`,
      `${fixture('rag/unicode.jsonl')}:1`,
    ]);
  });

  it('reads RAGTruth-style rows from standard input as a file check reads them', () => {
    const rows = readFileSync('test/fixtures/transcripts/ragtruth/rows.jsonl', 'utf8');
    const piped = runCli(['check', '-', '--format', 'json'], { input: rows });
    const filed = runCli(['check', 'test/fixtures/transcripts/ragtruth/rows.jsonl', '--format', 'json']);
    const levels = (stdout: string) =>
      stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l))
        .filter((r) => r.label !== undefined)
        .map((r) => `${r.label} ${r.level}`);
    assert.deepEqual(levels(piped.stdout), ['output (row 1, QA) PARTIAL', 'output (row 2, Summary) GROUNDED', 'output (row 3, Data2txt) PARTIAL']);
    assert.deepEqual(levels(piped.stdout), levels(filed.stdout));
  });

  it('reads standard input for -', () => {
    const r = runCli(['check', '-', '--format', 'json'], { input: readFixture('rag/unicode.jsonl') });
    assert.equal(r.code, 0);
    const [rec] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(rec.file, '<stdin>');
    assert.equal(rec.level, 'UNGROUNDED');
    assert.deepEqual(rec.entities[0].ranges, [[101, 104]]);
  });

  it('reports a path that names nothing, checks the others, and exits 2', () => {
    const r = runCli(['check', 'no/such/file.jsonl', fixture('rag/unicode.jsonl'), '--fail-on', 'partial']);
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'no/such/file.jsonl: error: no such file or folder\n');
    assert.match(r.stdout, /^test\/fixtures\/cli\/rag\/unicode\.jsonl:1:102: warning number '\$15'/);
  });

  it('reports a malformed line with its location and still checks the rest of that file and the others', () => {
    const r = runCli(['check', fixture('broken.jsonl'), fixture('rag/answers.jsonl'), '--jobs', '2']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^test\/fixtures\/cli\/broken\.jsonl:2:1: error: Line 2 is not valid JSON/);
    assert.match(r.stdout, /^test\/fixtures\/cli\/broken\.jsonl:1:122: warning number '14' not in context \[PARTIAL\]/);
    assert.match(r.stdout, /\n4 outputs in 2 files \(2 files given: 1 with errors\)\n/);
  });

  it('prints the same report with worker threads as in-process', () => {
    const args = ['check', fixture('rag'), fixture('mixed'), fixture('broken.jsonl'), '--format', 'json'];
    const one = runCli([...args, '--jobs', '1']);
    const two = runCli([...args, '--jobs', '2']);
    assert.equal(two.stdout, one.stdout);
    assert.equal(two.stderr, one.stderr);
    assert.equal(two.code, one.code);
  });

  it('exits 2 on usage errors', () => {
    assert.equal(runCli(['check', fixture('rag'), '--format', 'xml']).code, 2);
    assert.equal(runCli(['check', fixture('rag'), '--entity-types', 'number,colour']).code, 2);
    assert.equal(runCli(['check', fixture('rag'), '--jobs', '0']).code, 2);
    assert.equal(runCli(['check']).code, 2);
  });

  it('stops quietly when the reader of its output goes away (| head)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-pipe-'));
    // Enough findings to overflow a pipe buffer several times.
    writeFileSync(join(dir, 'many.jsonl'), readFixture('rag/answers.jsonl').repeat(1500));
    const cli = await buildCli();
    const r = spawnSync('bash', ['-c', `node ${cli} check many.jsonl --jobs 1 | head -1; echo "exit \${PIPESTATUS[0]}" >&2`], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '' },
    });
    assert.equal(r.stdout, `many.jsonl:2:112: warning quoted_string '"strong"' not in context [PARTIAL]  not-in-context\n`);
    assert.equal(r.stderr, 'exit 0\n');
  });
});
