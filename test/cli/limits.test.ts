import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, runCli } from './harness';

function chat(dir: string): void {
  const messages = Array.from({ length: 40 }, (_, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', content: `Port ${3000 + i}.` }));
  writeFileSync(join(dir, 'chat.json'), JSON.stringify({ messages }, null, 1));
}

describe('groundcheck check: limits', function () {
  this.timeout(60000);
  before(buildCli);

  it('checks at most --max-segments segments and says where it stopped', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-limits-'));
    chat(dir);
    const r = runCli(['check', 'chat.json', '--max-segments', '10', '--format', 'json'], { cwd: dir });
    assert.equal(r.code, 2);
    // Message 11 is the first left out; its text starts on line 4 × 11 + 1, after `   "content": "`.
    assert.equal(r.stderr, 'chat.json:45:16: error: More than 10 segments (maxSegments): the rest of the file, from here on, is not checked.\n');
    assert.equal(r.stdout.trim().split('\n').length, 5, 'five assistant turns among the first ten messages');
    assert.equal(runCli(['check', 'chat.json', '--format', 'json'], { cwd: dir }).stdout.trim().split('\n').length, 20);
  });

  it('takes maxSegments from the project config', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-limits-'));
    chat(dir);
    writeFileSync(join(dir, 'groundcheck.config.json'), '{ "maxSegments": 4 }');
    const r = runCli(['check', 'chat.json', '--format', 'json'], { cwd: dir });
    assert.match(r.stderr, /^chat\.json:\d+:\d+: error: More than 4 segments \(maxSegments\)/);
    assert.equal(r.stdout.trim().split('\n').length, 2);
  });
});
