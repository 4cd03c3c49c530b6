/** `groundcheck --version`: what a bug report or a CI log needs to say which groundcheck ran. */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCli, runCli } from './harness';

const { version } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string };

describe('groundcheck --version', function () {
  this.timeout(60000);
  before(buildCli);

  it('prints the version of the package and exits 0, long and short', () => {
    for (const flag of ['--version', '-V']) {
      const r = runCli([flag]);
      assert.equal(r.code, 0, flag);
      assert.equal(r.stdout, `${version}\n`, flag);
    }
  });

  it('lists the option in the help', () => {
    assert.match(runCli(['--help']).stdout, /-V, --version\s+print the version and exit/);
  });
});
