import { strict as assert } from 'node:assert';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, readFixture, runCli } from './harness';

/** Output records of `check --format json`, as [line, range] pairs. */
function outputsOf(stdout: string): Array<[number, [number, number]]> {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { line: number; range: [number, number] })
    .map((r) => [r.line, r.range]);
}

describe('groundcheck check and turns: a file that opens with a UTF-8 BOM', function () {
  this.timeout(60000);
  const rows = readFixture('rag/answers.jsonl');
  const raw = `\ufeff${rows}`;
  let dir: string;
  before(async () => {
    await buildCli();
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-bom-'));
    writeFileSync(join(dir, 'plain.jsonl'), rows);
    writeFileSync(join(dir, 'bom.jsonl'), raw);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('checks the first record, with ranges one unit on for the BOM', () => {
    const plain = runCli(['check', 'plain.jsonl', '--format', 'json'], { cwd: dir });
    const bom = runCli(['check', 'bom.jsonl', '--format', 'json'], { cwd: dir });
    assert.equal(bom.stderr, '');
    assert.equal(bom.code, plain.code);
    const expected = outputsOf(plain.stdout).map(([line, [s, e]]) => [line, [s + 1, e + 1]]);
    assert.deepEqual(outputsOf(bom.stdout), expected);
    assert.equal(expected.length, 3);
    const [, [s, e]] = outputsOf(bom.stdout)[0];
    assert.equal(raw.slice(s, e), 'Acme was founded in 1999.');
  });

  it('gives turns the same raw ranges as check', () => {
    const r = runCli(['turns', 'bom.jsonl', '--json'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as { segments: Array<{ isOutput: boolean; rawRange: [number, number] }>; errors: unknown[] };
    assert.deepEqual(report.errors, []);
    const checked = outputsOf(runCli(['check', 'bom.jsonl', '--format', 'json'], { cwd: dir }).stdout).map(([, range]) => range);
    assert.deepEqual(
      report.segments.filter((s) => s.isOutput).map((s) => s.rawRange),
      checked,
    );
  });
});
