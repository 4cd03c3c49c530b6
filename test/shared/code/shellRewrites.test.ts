import { strict as assert } from 'node:assert';
import { shellRewrites } from '../../../shared/code/facts/shellRewrites';
import { parseShell } from '../../../shared/code/facts/shellCommands';

const rewrites = (command: string) => shellRewrites(parseShell(command));

describe('files a shell command may have changed', () => {
  it('takes nothing from commands that only print', () => {
    for (const c of [
      "sed -n '20,40p' site/views.py",
      'nl -ba site/views.py | head -50',
      'rg -n render site',
      'git diff site/views.py',
      'wc -l site/views.py',
      'cat site/views.py | grep -n def',
    ])
      assert.deepEqual(rewrites(c), { words: [], all: false }, c);
  });

  it('takes the files an in-place edit, a redirect or a script names', () => {
    assert.ok(rewrites("sed -i 's/a/b/' site/views.py").words.includes('site/views.py'));
    assert.ok(rewrites("perl -pi -e 's/a/b/' site/views.py").words.includes('site/views.py'));
    assert.ok(rewrites('echo x >> site/views.py').words.includes('site/views.py'));
    assert.ok(rewrites("python - <<'EOF'\np = open('site/views.py').read()\nEOF").words.includes('site/views.py'));
    assert.equal(rewrites("sed -i 's/a/b/' site/views.py").all, false);
  });

  it('takes any file from formatters and commands that rewrite the work tree', () => {
    for (const c of [
      'black .',
      'npx prettier --write src',
      'ruff format',
      'gofmt -w .',
      'npm run format',
      'cargo fmt',
      'git checkout -- .',
      'git stash',
      "sed -i 's/a/b/' src/*.py",
    ])
      assert.equal(rewrites(c).all, true, c);
  });
});
