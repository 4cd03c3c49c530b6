import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, readFixture } from './harness';

describe('groundcheck turns: a reader that goes away (| head)', function () {
  this.timeout(60000);
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-turns-pipe-'));
    // Enough rows for a table several pipe buffers long.
    writeFileSync(join(dir, 'many.jsonl'), readFixture('rag/answers.jsonl').repeat(1500));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('stops quietly with exit code 0, as check does', async () => {
    const cli = await buildCli();
    const r = spawnSync('bash', ['-c', `node ${cli} turns many.jsonl | head -1; echo "exit \${PIPESTATUS[0]}" >&2`], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 30000,
    });
    assert.equal(r.stdout, 'many.jsonl: ragas, 13500 segments (4500 outputs), 0 parse errors\n');
    assert.equal(r.stderr, 'exit 0\n');
  });
});
