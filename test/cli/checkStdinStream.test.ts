/**
 * `groundcheck check -` as a stream: RAG rows and sessions piped in give the
 * results a check of the same file gives, each written as soon as it is
 * ready; a bad line is a located record in the output and the stream goes on.
 */
import { strict as assert } from 'node:assert';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { call, longReadOpening, result, say, sessionLines, user } from '../shared/code/claudeSession';
import { buildCli, readFixture, runCli } from './harness';

const TIMEOUT = 60_000;

/** JSON Lines records with the file name left out: the stream is `<stdin>`, the file its path. */
function records(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .map(({ file: _file, ...rest }) => rest);
}

/** Many RAG rows over several read chunks, with CRLF and LF line ends, a lone CR inside a line, a BOM and non-ASCII text. */
function ragRows(count: number): string {
  const base = readFixture('rag/answers.jsonl').trim().split('\n');
  const unicode = readFixture('rag/unicode.jsonl').trim();
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = i % 5 === 4 ? unicode : base[i % base.length];
    lines.push(row.replace('Acme', `Acme ${i}`) + (i % 3 === 0 ? '\r\n' : '\n'));
  }
  return '\ufeff' + lines.join('');
}

describe('check - (standard input as a stream)', function () {
  this.timeout(TIMEOUT * 2);
  let cli: string;
  let dir: string;
  before(async () => {
    cli = await buildCli();
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-stream-'));
  });

  it('gives RAG rows piped in the records a check of the same file gives, byte for byte but the file name', () => {
    const text = ragRows(2000);
    assert.ok(text.length > 3 * 64 * 1024, 'the rows run past the head and over several reads');
    writeFileSync(join(dir, 'rows.jsonl'), text);
    const piped = runCli(['check', '-', '--format', 'json', '--all-locations'], { input: text, timeout: TIMEOUT });
    const file = runCli(['check', join(dir, 'rows.jsonl'), '--format', 'json', '--all-locations'], { timeout: TIMEOUT });
    assert.equal(piped.code, file.code);
    assert.equal(piped.stderr, '');
    const got = records(piped.stdout);
    assert.equal(got.length, 2000);
    assert.deepEqual(got, records(file.stdout));
    // Rows keep their number in the stream, and offsets are the stream's.
    assert.equal(got[1999].label, 'response (row 2000)');
  });

  it('reports a bad line where its result would be, goes on, and exits 2 as a file with that line would', () => {
    const rows = readFixture('rag/answers.jsonl').trim().split('\n');
    const input = `${rows[0]}\n{"user_input": "broken\n${rows[1]}\n[1, 2]\n${rows[2]}\n`;
    const r = runCli(['check', '-', '--format', 'json'], { input, timeout: TIMEOUT });
    assert.equal(r.code, 2);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.deepEqual(
      lines.map((l) => (l.error ? `error ${l.line}:${l.column}` : `output ${l.line}`)),
      ['output 1', 'error 2:1', 'output 3', 'output 5'],
    );
    assert.deepEqual(lines[1], { file: '<stdin>', line: 2, column: 1, error: 'Line 2 is not valid JSON: UnexpectedEndOfString at column 16.' });
    const text = runCli(['check', '-'], { input, timeout: TIMEOUT });
    assert.equal(text.code, 2);
    assert.match(text.stdout, /^<stdin>:2:1: error: Line 2 is not valid JSON/m);
    assert.ok(text.stdout.indexOf('<stdin>:2:1: error') < text.stdout.indexOf('<stdin>:3:'), 'the bad line is told in its place among the findings');
  });

  it('reports a line over maxFileSizeMB without holding it, and checks the rows after it at their true offsets', () => {
    const project = mkdtempSync(join(dir, 'cap-'));
    writeFileSync(join(project, 'groundcheck.config.json'), '{ "maxFileSizeMB": 1 }');
    const rows = readFixture('rag/answers.jsonl').trim().split('\n');
    const huge = `{"user_input": "${'x'.repeat(1536 * 1024)}"}`;
    const input = `${rows[0]}\n${huge}\n${rows[2]}\n`;
    const r = runCli(['check', '-', '--format', 'json'], { input, cwd: project, timeout: TIMEOUT, nodeFlags: ['--max-old-space-size=64'] });
    assert.equal(r.code, 2);
    const [first, bad, last] = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    assert.equal(first.line, 1);
    assert.deepEqual(bad, { file: '<stdin>', line: 2, column: 1, error: 'Line 2 is 1.5 MB, more than maxFileSizeMB (1 MB): not read.' });
    assert.equal(last.line, 3);
    const at = input.indexOf(rows[2]);
    assert.equal(input.slice(last.range[0], last.range[1]), 'Your order ships in 14 days.');
    assert.ok(last.range[0] > at);
  });

  it('exits as a file check would: 1 when an output reaches --fail-on, 0 without', () => {
    const input = readFixture('rag/answers.jsonl');
    assert.equal(runCli(['check', '-', '--fail-on', 'partial'], { input, timeout: TIMEOUT }).code, 1);
    assert.equal(runCli(['check', '-'], { input, timeout: TIMEOUT }).code, 0);
  });

  it("writes each row's result before the next row is read", async () => {
    const rows = readFixture('rag/answers.jsonl').trim().split('\n');
    const child = spawn(process.execPath, [cli, 'check', '-', '--format', 'json'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const results: string[] = [];
    let pending = '';
    let waiting: (() => void) | undefined;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      results.push(...lines);
      waiting?.();
    });
    const resultCount = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no result ${n} while the stream stays open`)), 20_000);
        const check = () => {
          if (results.length >= n) {
            clearTimeout(timer);
            resolve();
          }
        };
        waiting = check;
        check();
      });
    try {
      for (let i = 0; i < rows.length; i++) {
        child.stdin.write(`${rows[i]}\n`);
        await resultCount(i + 1);
      }
    } finally {
      child.stdin.end();
    }
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, 0);
    assert.deepEqual(
      results.map((l) => JSON.parse(l).level),
      ['GROUNDED', 'PARTIAL', 'UNGROUNDED'],
    );
  });

  it('checks a session piped in as its lines come, with the results of a check of the file', async () => {
    const session = generateClaudeSession({ targetSize: 400_000, outputs: 60, seed: 11 }).raw;
    writeFileSync(join(dir, 'session.jsonl'), session);
    const file = runCli(['check', join(dir, 'session.jsonl'), '--format', 'json'], { timeout: TIMEOUT });
    const expected = records(file.stdout);
    assert.ok(expected.length > 20);
    // Half the session in, and the outputs of that half come out before the rest is written.
    const child = spawn(process.execPath, [cli, 'check', '-', '--format', 'json'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    const half = session.lastIndexOf('\n', session.length / 2) + 1;
    child.stdin.write(session.slice(0, half));
    const deadline = Date.now() + 20_000;
    while (!stdout.includes('\n') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const early = stdout.split('\n').filter((l) => l !== '').length;
    assert.ok(early > 0, 'outputs of the first half are told before the stream ends');
    child.stdin.end(session.slice(half));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, file.code);
    assert.deepEqual(records(stdout), expected);
  });

  it('tells an output again when later lines change its record, its last record the one a check of the file gives', async () => {
    // An answer is told before the session first uses a skill; the skill list its system prompt held is then missing from every answer's context.
    const early = sessionLines([...longReadOpening(), user('Which owner has most limits?'), say('Team 3 owns the most limits, 358 of them.')]);
    const later = sessionLines([call('s1', 'Skill', { skill: 'pdf' }), result('s1', 'Launching skill: pdf'), say('The PDF is written.')]).slice(0);
    const ids = early.length;
    // sessionLines numbers uuids from 0: the later lines go on from the early ones' last uuid.
    const renumbered = later.map((l, i) =>
      l.replace(`"uuid":"u${i}"`, `"uuid":"u${ids + i}"`).replace(`"parentUuid":${i === 0 ? 'null' : `"u${i - 1}"`}`, `"parentUuid":"u${ids + i - 1}"`),
    );
    const session = [...early, ...renumbered].join('');
    writeFileSync(join(dir, 'skills.jsonl'), session);
    const file = runCli(['check', join(dir, 'skills.jsonl'), '--format', 'json'], { timeout: TIMEOUT });
    const expected = records(file.stdout);
    const child = spawn(process.execPath, [cli, 'check', '-', '--format', 'json'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stdin.write(early.join(''));
    const deadline = Date.now() + 20_000;
    // The last answer so far is held back until more lines come; the one before it is told.
    while (records(stdout).length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const toldEarly = records(stdout).length;
    child.stdin.end(renumbered.join(''));
    assert.equal(toldEarly, 1, 'the first answer is told before the skill is used');
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.equal(code, file.code);
    const told = records(stdout);
    const last = new Map(told.map((r) => [JSON.stringify(r.range), r]));
    assert.deepEqual(
      expected.map((r) => last.get(JSON.stringify(r.range))),
      expected,
    );
    const gaps = (r: Record<string, unknown>) => (r.gaps as Array<{ code: string }>).map((g) => g.code);
    const firstTold = told.filter((r) => JSON.stringify(r.range) === JSON.stringify(expected[0].range));
    assert.equal(firstTold.length, 2, 'the answer told before the skill was used is told again');
    assert.ok(!gaps(firstTold[0]).includes('skills-not-logged') && gaps(firstTold[1]).includes('skills-not-logged'));
  });
});
