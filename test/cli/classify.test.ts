import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

const root = join(__dirname, '..', '..');

function groundcheck(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [join(root, 'bin', 'groundcheck.js'), ...args], { cwd: root, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const output = 'Q3 revenue was $4.2M from 47 customers.';
const context = 'Q3 numbers: 47 customers signed up, but revenue was not disclosed.';

describe('groundcheck classify', function () {
  this.timeout(60_000);

  before(async () => {
    await esbuild.build({
      entryPoints: [join(root, 'cli', 'main.ts')],
      outfile: join(root, 'dist', 'cli.js'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      // jsonc-parser's UMD entry requires its modules dynamically; its ESM entry bundles.
      alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
      // Bundled ES modules (fdir) read import.meta.url, which a CommonJS bundle lacks.
      banner: { js: "const __bundle_url = require('node:url').pathToFileURL(__filename).href;" },
      define: { 'import.meta.url': '__bundle_url' },
      logLevel: 'warning',
    });
  });

  it('prints the whole result as JSON with --json', () => {
    const run = groundcheck('classify', '--output', output, '--context', context, '--json');
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.level, 'PARTIAL');
    assert.equal(result.score, 0.6666666666666666);
    assert.equal(result.flagForReview, true);
    assert.equal(result.explanation, "number '$4.2M' not found in context.");
    assert.deepEqual(
      result.entities.map((e: { text: string; type: string; found: boolean }) => [e.text, e.type, e.found]),
      [
        ['Q3', 'date', true],
        ['$4.2M', 'number', false],
        ['47 customers', 'number', true],
      ],
    );
  });

  it('prints a short report by default', () => {
    const run = groundcheck('classify', '--output', output, '--context', context);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(
      run.stdout,
      [
        'PARTIAL  score 0.67  (flagged for review)',
        "number '$4.2M' not found in context.",
        '',
        '  ✓ date    Q3',
        '  ✗ number  $4.2M',
        '  ✓ number  47 customers',
        '',
      ].join('\n'),
    );
  });

  it('reads output and context from files', () => {
    const run = groundcheck('classify', '--output-file', 'examples/quickstart/output.txt', '--context-file', 'examples/quickstart/context.txt', '--json');
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout);
    assert.equal(result.level, 'PARTIAL');
    const unfound = result.entities.filter((e: { found: boolean }) => !e.found).map((e: { text: string }) => e.text);
    assert.ok(unfound.includes('billing.applyCredit("cus_7731", 25)') || unfound.includes('billing.applyCredit'), unfound.join(' | '));
    assert.ok(unfound.includes('$25.00'), unfound.join(' | '));
  });

  it('passes --strict, --min-entities and --entity-types through', () => {
    const strict = JSON.parse(groundcheck('classify', '--output', 'Alice met Alice.', '--context', 'alice', '--strict', '--json').stdout);
    assert.equal(strict.level, 'UNGROUNDED');
    const few = JSON.parse(groundcheck('classify', '--output', output, '--context', context, '--min-entities', '4', '--json').stdout);
    assert.equal(few.level, 'INDETERMINATE');
    const dates = JSON.parse(groundcheck('classify', '--output', output, '--context', context, '--entity-types', 'date', '--json').stdout);
    assert.equal(dates.level, 'GROUNDED');
    assert.equal(dates.entities.length, 1);
  });

  it('rejects an unknown entity type with exit code 2', () => {
    const run = groundcheck('classify', '--output', output, '--context', context, '--entity-types', 'number,colour');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /unknown entity type 'colour'/);
    assert.equal(run.stdout, '');
  });

  it('names a missing file and exits with code 2', () => {
    const run = groundcheck('classify', '--output', output, '--context-file', 'no/such/context.txt');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /cannot read context file no\/such\/context\.txt: no such file/);
  });

  it('asks for the output when none is given, and rejects a bad --min-entities', () => {
    const missing = groundcheck('classify', '--context', context);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /missing the output/);
    const bad = groundcheck('classify', '--output', output, '--context', context, '--min-entities', 'three');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--min-entities must be a whole number, got 'three'/);
  });
});
