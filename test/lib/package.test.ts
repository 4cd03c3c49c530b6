/**
 * The library as a user gets it: `npm pack` (which builds the bundles and
 * declarations), unpacked into a new project outside the repository as npm
 * installs it, then imported from an ES module and from CommonJS, and its
 * types checked by `tsc` as a TypeScript user's project would. The project
 * has no other package: the bundles must carry everything they run.
 */
import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const REPO = resolve(__dirname, '../..');
const TSC = require.resolve('typescript/bin/tsc');

const OUTPUT = 'Dana was charged $249.00 on March 3, 2025; we will credit $25.00 by March 10, 2025.';
const CONTEXT = 'Invoice INV-20931, March 3, 2025: $249.00, charged twice.';

describe('the npm package (library)', function () {
  this.timeout(240_000);
  let dir: string;
  let project: string;
  let files: string[];

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-pack-'));
    const packed = execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const [info] = JSON.parse(packed.slice(packed.indexOf('['))) as Array<{ filename: string; files: Array<{ path: string }> }>;
    files = info.files.map((f) => f.path);
    project = join(dir, 'consumer');
    const installed = join(project, 'node_modules', 'groundcheck');
    mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', join(dir, info.filename), '-C', installed, '--strip-components=1']);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  });

  /** The agent SDKs are the user's own: linked into the project as a user installs them beside the package. */
  function installPeers(): void {
    const modules = join(project, 'node_modules');
    for (const name of ['ai', '@openai/agents', '@types/node']) {
      if (existsSync(join(modules, name))) continue;
      mkdirSync(dirname(join(modules, name)), { recursive: true });
      symlinkSync(realpathSync(join(REPO, 'node_modules', name)), join(modules, name), 'dir');
    }
  }

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('ships the bundles and declarations, without source maps or sources', () => {
    for (const f of ['dist/lib/index.js', 'dist/lib/index.mjs', 'dist/lib/index.d.ts', 'dist/lib/types.d.ts', 'dist/cli.js', 'bin/groundcheck.js'])
      assert.ok(files.includes(f), `${f} is packed`);
    assert.deepEqual(
      files.filter((f) => f.endsWith('.map') || (f.endsWith('.ts') && !f.endsWith('.d.ts'))),
      [],
    );
    assert.deepEqual(readdirSync(join(project, 'node_modules')), ['groundcheck']);
  });

  it('ships each adapter without its SDK: the SDKs are peers, never bundled', () => {
    for (const name of ['ai-sdk', 'openai-agents'])
      for (const ext of ['js', 'mjs', 'd.ts']) assert.ok(files.includes(`dist/lib/${name}.${ext}`), `dist/lib/${name}.${ext} is packed`);
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'groundcheck', 'package.json'), 'utf8'));
    assert.deepEqual(Object.keys(manifest.peerDependenciesMeta).sort(), ['@openai/agents', 'ai']);
    for (const name of ['ai-sdk', 'openai-agents']) {
      const bundle = readFileSync(join(project, 'node_modules', 'groundcheck', 'dist', 'lib', `${name}.js`), 'utf8');
      assert.doesNotMatch(bundle, /require\("(?:ai|@ai-sdk\/[\w-]+|@openai\/[\w-]+)"\)|function wrapLanguageModel|class RunContext/);
    }
  });

  it('is imported from an ES module', () => {
    writeFileSync(
      join(project, 'esm.mjs'),
      `import { checkOutput, createGate, checkTranscript, TranscriptError } from 'groundcheck';
import { createRequire } from 'node:module';
const r = checkOutput(${JSON.stringify(OUTPUT)}, [{ id: 'invoice', text: ${JSON.stringify(CONTEXT)} }]);
const gate = createGate({ block: { verdicts: ['unverified'] } });
let error;
try { checkTranscript({ text: 'plain prose, no transcript', name: 'notes.txt' }); } catch (e) { error = e; }
// The CommonJS bundle is the one copy of the code: a class is the same class from require.
const same = createRequire(import.meta.url)('groundcheck').TranscriptError === TranscriptError;
console.log(JSON.stringify({ level: r.level, findings: r.findings.map((f) => [f.value, f.verdict, f.span.start]), evidence: r.entities[0].evidence, gate: gate('x', 'y').verdict, blocked: gate(${JSON.stringify(OUTPUT)}, ${JSON.stringify(CONTEXT)}).verdict, error: error instanceof TranscriptError, same }));
`,
    );
    const run = spawnSync(process.execPath, ['esm.mjs'], { cwd: project, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const got = JSON.parse(run.stdout);
    assert.equal(got.level, 'PARTIAL');
    assert.deepEqual(got.findings, [
      ['$25.00', 'unverified', OUTPUT.indexOf('$25.00')],
      ['March 10, 2025', 'unverified', OUTPUT.indexOf('March 10, 2025')],
    ]);
    assert.equal(got.gate, 'pass');
    assert.equal(got.blocked, 'block');
    assert.equal(got.error, true);
    assert.equal(got.same, true);
  });

  it('is required from CommonJS', () => {
    writeFileSync(
      join(project, 'cjs.cjs'),
      `const { checkOutput } = require('groundcheck');
const r = checkOutput(${JSON.stringify(OUTPUT)}, ${JSON.stringify(CONTEXT)});
const money = r.entities.find((e) => e.value === '$249.00');
console.log(JSON.stringify({ level: r.level, verdict: money.verdict, evidence: money.evidence.map((e) => [e.passage, e.span.start, e.text]) }));
`,
    );
    const run = spawnSync(process.execPath, ['cjs.cjs'], { cwd: project, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { level: 'PARTIAL', verdict: 'grounded', evidence: [[0, CONTEXT.indexOf('$249.00'), '$249.00']] });
  });

  it('runs its adapters on the SDKs the project has', () => {
    installPeers();
    writeFileSync(
      join(project, 'adapters.mjs'),
      `import { generateText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { groundcheckMiddleware } from 'groundcheck/ai-sdk';
import { groundcheckGuardrail } from 'groundcheck/openai-agents';
const usage = { inputTokens: { total: 1 }, outputTokens: { total: 1 } };
const model = new MockLanguageModelV3({ doGenerate: { content: [{ type: 'text', text: 'It costs $25.00.' }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] } });
const result = await generateText({ model: wrapLanguageModel({ model, middleware: groundcheckMiddleware() }), system: 'The plan costs $20.00.', prompt: 'Price?' });
const guard = await groundcheckGuardrail({ block: { verdicts: ['contradicted'] } }).execute({ agent: { instructions: 'The plan costs $20.00.' }, agentOutput: 'It costs $25.00.', context: {}, details: { output: [] } });
console.log(JSON.stringify({ middleware: result.providerMetadata.groundcheck.verdict, guardrail: guard.tripwireTriggered }));
`,
    );
    const run = spawnSync(process.execPath, ['adapters.mjs'], { cwd: project, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { middleware: 'flag', guardrail: true });
  });

  it('has types that resolve under tsc, from ES modules and CommonJS', () => {
    installPeers();
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [], skipLibCheck: false },
        files: ['use.mts', 'use.cts'],
      }),
    );
    // The SDKs' own declarations need packages of theirs this machine may lack (@types/json-schema): they are not read here, ours are by the first config.
    writeFileSync(
      join(project, 'tsconfig.adapters.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          strict: true,
          noEmit: true,
          types: ['node'],
          skipLibCheck: true,
        },
        files: ['adapters.mts'],
      }),
    );
    writeFileSync(
      join(project, 'use.mts'),
      `import { checkOutput, checkTranscript, createGate, type Finding, type GateResult, type OutputResult, type TranscriptResult } from 'groundcheck';
const result: OutputResult = checkOutput('a', [{ id: 'doc', text: 'b' }], { profile: 'refined', rules: { 'cited-sources': 'off' } });
const first: Finding | undefined = result.findings[0];
const start: number | undefined = first?.evidence[0]?.span.start;
const gated: GateResult = createGate({ block: { verdicts: ['contradicted'], rules: ['test-counts'] } })('a', 'b');
const verdict: 'pass' | 'flag' | 'block' = gated.verdict;
const session: TranscriptResult = checkTranscript('session.jsonl', { turn: 'last' });
const line: number | undefined = session.outputs[0]?.findings[0]?.span.line;
// @ts-expect-error the context is a text or passages
checkOutput('a', 42);
// @ts-expect-error only findings' verdicts can block
createGate({ block: { verdicts: ['grounded'] } });
export { start, verdict, line };
`,
    );
    writeFileSync(
      join(project, 'adapters.mts'),
      `import { wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { Agent } from '@openai/agents';
import { type GeneratedTextCheck, groundcheckMiddleware } from 'groundcheck/ai-sdk';
import { groundcheckGuardrail } from 'groundcheck/openai-agents';
const seen: GeneratedTextCheck[] = [];
export const model = wrapLanguageModel({ model: new MockLanguageModelV3(), middleware: groundcheckMiddleware({ block: { verdicts: ['contradicted'] }, onCheck: (c) => seen.push(c) }) });
export const agent = new Agent({ name: 'a', instructions: 'x', outputGuardrails: [groundcheckGuardrail({ passages: () => ['y'] })] });
// @ts-expect-error the middleware is a middleware, not a model
wrapLanguageModel({ model: groundcheckMiddleware(), middleware: groundcheckMiddleware() });
`,
    );
    writeFileSync(
      join(project, 'use.cts'),
      `import groundcheck = require('groundcheck');
const result: groundcheck.OutputResult = groundcheck.checkOutput('a', 'b');
// @ts-expect-error a level is one of four words
const level: 'OK' = result.level;
export = level;
`,
    );
    for (const config of ['tsconfig.json', 'tsconfig.adapters.json']) {
      const run = spawnSync(process.execPath, [TSC, '-p', join(project, config)], { cwd: project, encoding: 'utf8' });
      assert.equal(run.status, 0, `${config}: ${run.stdout}${run.stderr}`);
    }
  });
});
