import { strict as assert } from 'node:assert';
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, fixture, REPO, runCli } from './harness';

const CONFIG = join(REPO, fixture('config'));

function levels(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l).level);
}

describe('groundcheck check: project config', function () {
  this.timeout(60000);
  before(buildCli);

  it('points at every bad value with file:line:col and exits 2 without checking', () => {
    const r = runCli(['check', '../../rag/answers.jsonl'], { cwd: join(CONFIG, 'bad') });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      [
        'groundcheck.config.json:4:18: error: expected a whole number of at least 0, got "two"',
        'groundcheck.config.json:5:27: error: expected one of error, warning, information, hint, off, got "loud"',
        '',
      ].join('\n'),
    );
  });

  it('reads the groundcheck key of package.json and locates its errors there', () => {
    const r = runCli(['check', '../../rag/answers.jsonl'], { cwd: join(CONFIG, 'pkg') });
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'package.json:5:15: error: expected true or false, got "yes"\n');
  });

  it('stops at a config nested past the nesting limit with one located line, not a stack overflow', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-config-'));
    const answers = join(REPO, fixture('rag/answers.jsonl'));
    writeFileSync(join(dir, 'groundcheck.config.json'), `{"strict": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    const deep = runCli(['check', answers], { cwd: dir });
    assert.equal(deep.code, 2);
    assert.equal(deep.stderr, 'groundcheck.config.json:1:1011: error: nests JSON more than 1000 levels deep (the nesting limit)\n');
    // Unclosed, and under the cap: one line for the first error, not one per open bracket.
    writeFileSync(join(dir, 'groundcheck.config.json'), `{"strict": ${'['.repeat(5_000)}`);
    const unclosed = runCli(['check', answers], { cwd: dir });
    assert.equal(unclosed.code, 2);
    assert.equal(unclosed.stderr, 'groundcheck.config.json:1:1011: error: nests JSON more than 1000 levels deep (the nesting limit)\n');
    writeFileSync(join(dir, 'groundcheck.config.json'), `{"strict": ${'['.repeat(500)}`);
    const shallow = runCli(['check', answers], { cwd: dir });
    assert.equal(shallow.code, 2);
    assert.equal(shallow.stderr, 'groundcheck.config.json:1:512: error: invalid JSON: CloseBracketExpected\n');
  });

  it('reads only the groundcheck key of package.json: another key nested 6,000 deep does not matter', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-config-'));
    copyFileSync(join(REPO, fixture('rag/answers.jsonl')), join(dir, 'answers.jsonl'));
    const other = `"eslintConfig": ${'['.repeat(6_000)}${']'.repeat(6_000)}`;
    writeFileSync(join(dir, 'package.json'), `{\n  "name": "x",\n  ${other}\n}\n`);
    const none = runCli(['check', 'answers.jsonl', '--format', 'json'], { cwd: dir });
    assert.equal(none.stderr, '');
    assert.equal(none.code, 0);
    assert.deepEqual(levels(none.stdout), ['GROUNDED', 'PARTIAL', 'UNGROUNDED']);
    // After the deep key, the groundcheck key is found, read, and its errors located in the whole file.
    writeFileSync(join(dir, 'package.json'), `{\n  "name": "x",\n  ${other},\n  "groundcheck": {\n    "strict": "yes"\n  }\n}\n`);
    const bad = runCli(['check', 'answers.jsonl'], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.equal(bad.stderr, 'package.json:5:15: error: expected true or false, got "yes"\n');
    writeFileSync(join(dir, 'package.json'), `{\n  "name": "x",\n  ${other},\n  "groundcheck": { "minEntities": 100 }\n}\n`);
    const good = runCli(['check', 'answers.jsonl', '--format', 'json'], { cwd: dir });
    assert.equal(good.code, 0, good.stderr);
    assert.deepEqual(levels(good.stdout), ['INDETERMINATE', 'INDETERMINATE', 'INDETERMINATE']);
  });

  it('names unknown settings and lists the known ones', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-config-'));
    writeFileSync(join(dir, 'gc.json'), '{\n  "strcit": true\n}\n');
    const r = runCli(['check', join(REPO, fixture('rag/answers.jsonl')), '--config', 'gc.json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^gc\.json:2:3: error: unknown setting "strcit" \(known: strict, /);
  });

  it('applies the config found upward from the working directory: types and severities', () => {
    const r = runCli(['check', '../../rag/answers.jsonl', '--jobs', '1'], { cwd: join(CONFIG, 'good') });
    assert.equal(r.code, 0);
    // Files outside the working directory are shown by absolute path.
    const file = join(REPO, fixture('rag/answers.jsonl'));
    const findings = r.stdout.split('\n').filter((l) => l.startsWith(file));
    assert.deepEqual(findings, [
      `${file}:2:141: error number '$4.2M' not in context [UNGROUNDED]  not-in-context`,
      `${file}:3:125: error number '14 days' not in context [UNGROUNDED]  not-in-context`,
    ]);
  });

  it('lets flags override the config', () => {
    const r = runCli(['check', '../../rag/answers.jsonl', '--entity-types', 'quoted_string,date', '--format', 'json'], {
      cwd: join(CONFIG, 'good'),
    });
    assert.deepEqual(levels(r.stdout), ['INDETERMINATE', 'PARTIAL', 'INDETERMINATE']);
  });

  it('applies .groundcheck/ignore.json: ignored entities leave the verdict, --no-ignore brings them back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-ignore-'));
    copyFileSync(join(REPO, fixture('rag/answers.jsonl')), join(dir, 'answers.jsonl'));
    mkdirSync(join(dir, '.groundcheck'));
    writeFileSync(
      join(dir, '.groundcheck/ignore.json'),
      JSON.stringify({ version: 1, occurrences: [], values: [{ type: 'number', value: '14 days' }], types: ['quoted_string'] }),
    );
    const ignored = runCli(['check', 'answers.jsonl', '--format', 'json', '--fail-on', 'ungrounded'], { cwd: dir });
    assert.deepEqual(levels(ignored.stdout), ['GROUNDED', 'PARTIAL', 'INDETERMINATE']);
    assert.equal(ignored.code, 0);
    const all = runCli(['check', 'answers.jsonl', '--format', 'json', '--fail-on', 'ungrounded', '--no-ignore'], { cwd: dir });
    assert.deepEqual(levels(all.stdout), ['GROUNDED', 'PARTIAL', 'UNGROUNDED']);
    assert.equal(all.code, 1);
  });

  it('reads an ignore store with comments and trailing commas', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-ignore-'));
    copyFileSync(join(REPO, fixture('rag/answers.jsonl')), join(dir, 'answers.jsonl'));
    mkdirSync(join(dir, '.groundcheck'));
    writeFileSync(
      join(dir, '.groundcheck/ignore.json'),
      '{\n  // agreed with the support team\n  "values": [{ "type": "number", "value": "14 days" },],\n  "types": ["quoted_string"],\n}\n',
    );
    const r = runCli(['check', 'answers.jsonl', '--format', 'json', '--fail-on', 'ungrounded'], { cwd: dir });
    assert.equal(r.stderr, '');
    assert.deepEqual(levels(r.stdout), ['GROUNDED', 'PARTIAL', 'INDETERMINATE']);
    assert.equal(r.code, 0);
  });

  it('stops with file:line:col and exit 2 on an ignore store that is not JSON; --no-ignore runs without it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-ignore-'));
    copyFileSync(join(REPO, fixture('rag/answers.jsonl')), join(dir, 'answers.jsonl'));
    mkdirSync(join(dir, '.groundcheck'));
    writeFileSync(join(dir, '.groundcheck/ignore.json'), '{\n  "types": ["quoted_string"]\n  "values": []\n}\n');
    const r = runCli(['check', 'answers.jsonl', '--format', 'json'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, '.groundcheck/ignore.json:3:3: error: invalid JSON: CommaExpected (fix the file, or run with --no-ignore)\n');
    const without = runCli(['check', 'answers.jsonl', '--format', 'json', '--no-ignore'], { cwd: dir });
    assert.equal(without.code, 0);
    assert.deepEqual(levels(without.stdout), ['GROUNDED', 'PARTIAL', 'UNGROUNDED']);
  });

  it('skips files over maxFileSizeMB with a warning, and severity off takes a type out of the verdict', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-limits-'));
    copyFileSync(join(REPO, fixture('rag/answers.jsonl')), join(dir, 'answers.jsonl'));
    copyFileSync(join(REPO, fixture('rag/unicode.jsonl')), join(dir, 'unicode.jsonl'));
    writeFileSync(join(dir, 'groundcheck.config.json'), '{ "maxFileSizeMB": 0.0002, "severity": { "number": "off" } }');
    const r = runCli(['check', 'answers.jsonl', 'unicode.jsonl', '--format', 'json'], { cwd: dir });
    assert.equal(r.stderr, 'answers.jsonl: warning: skipped: 0.4 KB is over maxFileSizeMB (0.0002)\n');
    assert.equal(r.code, 0);
    const [rec] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    // unicode.jsonl's only entity is the number $15: with numbers off nothing is left to judge.
    assert.deepEqual([rec.file, rec.level, rec.entities[0].suppressed], ['unicode.jsonl', 'INDETERMINATE', true]);
  });
});

describe('groundcheck check: detection profile', function () {
  this.timeout(60000);
  before(buildCli);

  it('validates the profile in the config and on the command line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-profile-'));
    writeFileSync(join(dir, 'gc.json'), '{\n  "profile": "loose"\n}\n');
    const answers = join(REPO, fixture('rag/answers.jsonl'));
    const bad = runCli(['check', answers, '--config', 'gc.json'], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.equal(bad.stderr, 'gc.json:2:14: error: expected "refined", "spec" or a list of packs, got "loose"\n');
    const flag = runCli(['check', answers, '--profile', 'loose'], { cwd: dir });
    assert.equal(flag.code, 2);
    assert.match(
      flag.stderr,
      /argument 'loose' is invalid\. expected "refined", "spec" or packs joined by commas \(core, prose, code, records\); "loose" is none of them/,
    );
    writeFileSync(join(dir, 'packs.json'), '{\n  "profile": ["prose", "recipes"]\n}\n');
    const pack = runCli(['check', answers, '--config', 'packs.json'], { cwd: dir });
    assert.equal(pack.code, 2);
    assert.equal(pack.stderr, 'packs.json:2:24: error: expected a pack (core, prose, code, records), got "recipes"\n');
  });

  it('runs a profile of packs: leaving the records pack out turns its rules off', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-profile-'));
    const file = join(dir, 'gym.jsonl');
    writeFileSync(
      file,
      JSON.stringify({
        user_input: 'When does the gym open on Tuesdays?',
        retrieved_contexts: ["{'name': 'Atlas Gym', 'hours': {'Monday': '8:0-14:0', 'Tuesday': '17:0-20:0'}}"],
        response: 'On Tuesdays it opens at 8am.',
      }) + '\n',
    );
    const status = (args: string[]) =>
      JSON.parse(runCli(['check', file, '--format', 'json', '--jobs', '1', ...args], { cwd: dir }).stdout).entities.find(
        (e: { text: string }) => e.text === '8am',
      ).status;
    assert.equal(status([]), 'contradicted');
    assert.equal(status(['--profile', 'core,prose,records']), 'contradicted');
    // Without the records pack the record's `8:0` is not read as a time either: 8am is just not found.
    assert.equal(status(['--profile', 'core,prose']), 'unverified');
    writeFileSync(join(dir, 'gc.json'), '{ "profile": ["prose"] }');
    assert.equal(status(['--config', 'gc.json']), 'unverified');
  });

  it('turns a rule on or off with --rule over the config, and refuses an unknown rule or state', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-rule-'));
    const file = join(dir, 'session.jsonl');
    const line = (o: object) => `${JSON.stringify({ sessionId: 's', ...o })}\n`;
    writeFileSync(
      file,
      line({ type: 'user', uuid: 'u1', parentUuid: null, message: { role: 'user', content: 'Where is the limit set?' } }) +
        line({
          type: 'assistant',
          uuid: 'a1',
          parentUuid: 'u1',
          message: { role: 'assistant', content: [{ type: 'tool_use', id: 'b1', name: 'Bash', input: { command: "sed -n '1,2p' src/upload.ts" } }] },
        }) +
        line({
          type: 'user',
          uuid: 'u2',
          parentUuid: 'a1',
          message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'b1', content: 'export const LIMIT = 10;\nexport function upload() {}' }] },
        }) +
        line({
          type: 'assistant',
          uuid: 'a2',
          parentUuid: 'u2',
          message: { role: 'assistant', content: [{ type: 'text', text: 'The limit is checked at `src/upload.ts:40`.' }] },
        }),
    );
    const status = (args: string[]) => {
      const r = runCli(['check', file, '--format', 'json', '--jobs', '1', ...args], { cwd: dir });
      return JSON.parse(r.stdout.trim().split('\n').pop() ?? '').entities.find((e: { text: string }) => e.text === '`src/upload.ts:40`').status;
    };
    // A line never shown: file-lines does not flag it in an agent's turn unless turned on.
    assert.equal(status([]), 'indeterminate');
    assert.equal(status(['--rule', 'file-lines=on']), 'unverified');
    writeFileSync(join(dir, 'gc.json'), '{ "rules": { "file-lines": "on" } }');
    assert.equal(status(['--config', 'gc.json']), 'unverified');
    assert.equal(status(['--config', 'gc.json', '--rule', 'file-lines=off']), 'indeterminate');
    const unknown = runCli(['check', file, '--rule', 'file-line=on'], { cwd: dir });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown rule "file-line"/);
    assert.match(runCli(['check', file, '--rule', 'file-lines'], { cwd: dir }).stderr, /expected file-lines=on or file-lines=off/);
  });

  it('runs the refined rules by default and the plain SHOR rules with --profile spec', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-profile-'));
    const file = join(dir, 'revenue.jsonl');
    writeFileSync(
      file,
      JSON.stringify({
        user_input: 'What was Q3 revenue?',
        retrieved_contexts: ['Q3 revenue was $4.3M, up from $3.9M.'],
        response: 'Q3 revenue was $4.2M.',
      }) + '\n',
    );
    const statuses = (args: string[]) =>
      JSON.parse(runCli(['check', file, '--format', 'json', '--jobs', '1', ...args], { cwd: dir }).stdout).entities.map(
        (e: { text: string; status: string }) => `${e.text}:${e.status}`,
      );
    assert.deepEqual(statuses([]), ['Q3:grounded', '$4.2M:contradicted']);
    assert.deepEqual(statuses(['--profile', 'spec']), ['Q3:grounded', '$4.2M:unverified']);
  });
});
