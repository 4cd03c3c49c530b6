import { strict as assert } from 'node:assert';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, runCli } from './harness';

/** Claude Code lines: a tool result gives the figures, then one answer per call. */
let n = 0;
function line(type: string, content: unknown, parent: string | null): { raw: string; uuid: string } {
  const uuid = `u${n++}`;
  const role = type === 'assistant' ? 'assistant' : 'user';
  const message = type === 'assistant' ? { id: `m${uuid}`, role, content } : { role, content };
  return { raw: JSON.stringify({ type, uuid, parentUuid: parent, sessionId: 's', message }) + '\n', uuid };
}
const PROMPT = line('user', 'What did the report say? Revenue was 4.3 million from 47 customers.', null);
function answer(text: string, parent: string) {
  return line('assistant', [{ type: 'text', text }], parent);
}

/** Collects a running CLI's output and waits for text to appear in it. */
class Running {
  out = '';
  err = '';
  readonly exited: Promise<number>;
  constructor(readonly proc: ChildProcess) {
    proc.stdout!.on('data', (d) => (this.out += d));
    proc.stderr!.on('data', (d) => (this.err += d));
    this.exited = new Promise((r) => proc.on('exit', (code) => r(code ?? -1)));
  }
  async until(pattern: RegExp, where: 'out' | 'err' = 'out', ms = 8000): Promise<void> {
    const end = Date.now() + ms;
    while (!pattern.test(this[where])) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${pattern}; stdout: ${this.out}; stderr: ${this.err}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

describe('check --follow', () => {
  let dir: string;
  let bundle: string;
  before(async () => {
    bundle = await buildCli();
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-follow-'));
    // Following is under test, not which rules flag in an agent's turn: every value the log lacks is a finding here.
    writeFileSync(join(dir, 'groundcheck.config.json'), JSON.stringify({ rules: { 'not-in-context': 'on', 'unattributed-values': 'off' } }));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reports each new output once, as the agent appends it, never a half-written line, and sums up on Ctrl-C', async () => {
    const file = join(dir, 'live.jsonl');
    const first = answer('Revenue was 4.3 million from 52 customers.', PROMPT.uuid);
    writeFileSync(file, PROMPT.raw + first.raw);
    const run = new Running(
      spawn(process.execPath, [bundle, 'check', '--follow', '--fail-on', 'partial', file], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } }),
    );
    await run.until(/'52 customers'/);

    // Half a line, then the rest: one finding, no parse error.
    const second = answer('It grew 12% on the year.', first.uuid);
    appendFileSync(file, second.raw.slice(0, 30));
    await new Promise((r) => setTimeout(r, 700));
    appendFileSync(file, second.raw.slice(30));
    await run.until(/'12%'/);
    const third = answer('Revenue was 4.3 million.', second.uuid);
    appendFileSync(file, third.raw);
    await new Promise((r) => setTimeout(r, 900));

    run.proc.kill('SIGINT');
    const code = await run.exited;
    assert.equal((run.out.match(/'52 customers'/g) ?? []).length, 1);
    assert.equal((run.out.match(/'12%'/g) ?? []).length, 1);
    assert.doesNotMatch(run.err, /malformed|partial|JSON/i);
    assert.match(run.out, /3 outputs in 1 file/);
    assert.equal(code, 1, 'two outputs are PARTIAL or worse');
  });

  it('follows a session past the 64 KB detection reads by its appended lines, each output once', async () => {
    const file = join(dir, 'long.jsonl');
    const log = line('user', `Build log:\n${'compiled 12 files in 3.5 s\n'.repeat(3000)}`, null);
    const first = answer('It compiled 13 files.', log.uuid);
    writeFileSync(file, log.raw + first.raw);
    const run = new Running(spawn(process.execPath, [bundle, 'check', '--follow', file], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } }));
    await run.until(/'13 files'/);
    let parent = first.uuid;
    for (const [i, claim] of ['It compiled 14 files.', 'It took 9.5 s.', 'It compiled 12 files in 3.5 s again.'].entries()) {
      const next = answer(claim, parent);
      parent = next.uuid;
      appendFileSync(file, next.raw);
      if (i < 2) await run.until([/'14 files'/, /'9\.5'/][i]);
    }
    await new Promise((r) => setTimeout(r, 900));
    run.proc.kill('SIGINT');
    await run.exited;
    assert.equal((run.out.match(/'13 files'/g) ?? []).length, 1);
    assert.equal((run.out.match(/'14 files'/g) ?? []).length, 1);
    assert.equal((run.out.match(/'9\.5'/g) ?? []).length, 1);
    assert.match(run.out, /4 outputs in 1 file/);
  });

  it('reports a turn that takes the session past a budget once, on the look that finds it, appended lines included', async () => {
    const sub = mkdtempSync(join(dir, 'budget-'));
    writeFileSync(join(sub, 'groundcheck.config.json'), JSON.stringify({ budget: { tokens: { soft: 15_000, hard: 25_000 } } }));
    const file = join(sub, 'spend.jsonl');
    // Past the 64 KB the format is told by, so appends are checked on their own lines.
    const log = line('user', `Build log:\n${'compiled 12 files in 3.5 s\n'.repeat(3000)}`, null);
    // Every response: 100 in, 900 cache write, 9,000 cache read, and its output; the totals reach 10,100, 20,300 and 30,600.
    const spent = (id: string, output: number, parent: string) => {
      const uuid = `u${n++}`;
      const usage = { input_tokens: 100, cache_creation_input_tokens: 900, cache_read_input_tokens: 9000, output_tokens: output };
      return {
        raw:
          JSON.stringify({
            type: 'assistant',
            uuid,
            parentUuid: parent,
            sessionId: 's',
            message: { id, role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'Done.' }], usage },
          }) + '\n',
        uuid,
      };
    };
    const first = spent('msg_A', 100, log.uuid);
    writeFileSync(file, log.raw + first.raw);
    const run = new Running(
      spawn(process.execPath, [bundle, 'check', '--follow', '--fail-on', 'budget', file], { cwd: sub, env: { ...process.env, NO_COLOR: '1' } }),
    );
    await new Promise((r) => setTimeout(r, 900));
    assert.doesNotMatch(run.out, /budget/);
    // The second response over two lines, its output growing from 3 to 200 as it streams.
    const second = spent('msg_B', 3, first.uuid);
    const secondEnd = spent('msg_B', 200, second.uuid);
    appendFileSync(file, second.raw + secondEnd.raw);
    await run.until(
      /spend\.jsonl:4:1: info budget: this turn takes the session to 20,300 tokens, past its soft budget of 15,000 tokens \(claude-sonnet-4-5, main\)  budget-tokens-soft/,
    );
    const third = spent('msg_C', 300, secondEnd.uuid);
    appendFileSync(file, third.raw);
    await run.until(/spend\.jsonl:5:1: warning budget: this turn takes the session to 30,600 tokens, past its hard budget of 25,000 tokens/);
    appendFileSync(file, spent('msg_D', 1, third.uuid).raw);
    await new Promise((r) => setTimeout(r, 900));
    run.proc.kill('SIGINT');
    const code = await run.exited;
    assert.equal((run.out.match(/budget-tokens-soft/g) ?? []).length, 1, run.out);
    assert.equal((run.out.match(/budget-tokens-hard/g) ?? []).length, 1, run.out);
    assert.match(run.out, /^budgets: 1 warning \(hard limits crossed\), 1 information finding/m);
    assert.equal(code, 1, 'a hard budget was crossed');
  });

  it('reports an output again when later lines change its record, and counts its last record', async () => {
    const file = join(dir, 'skills.jsonl');
    const log = line('user', `Build log:\n${'compiled 12 files in 3.5 s\n'.repeat(3000)}`, null);
    const first = answer('It compiled 12 files.', log.uuid);
    writeFileSync(file, log.raw + first.raw);
    const run = new Running(
      spawn(process.execPath, [bundle, 'check', '--follow', '--format', 'json', file], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } }),
    );
    await run.until(/"range"/);
    // The session first uses a skill: the skill list its system prompt held is missing from every answer's context, the first one's too.
    const call = line('assistant', [{ type: 'tool_use', id: 's1', name: 'Skill', input: { skill: 'pdf' } }], first.uuid);
    const result = line('user', [{ type: 'tool_result', tool_use_id: 's1', content: 'Launching skill: pdf' }], call.uuid);
    appendFileSync(file, call.raw + result.raw + answer('The PDF is written.', result.uuid).raw);
    await run.until(/skills-not-logged[\s\S]*skills-not-logged/);
    run.proc.kill('SIGINT');
    await run.exited;
    const records = run.out
      .split('\n')
      .filter((l) => l.startsWith('{"file"'))
      .map((l) => JSON.parse(l) as { range: number[]; gaps: Array<{ code: string }> });
    const firstAnswer = records.filter((r) => r.range[0] === records[0].range[0]);
    assert.equal(firstAnswer.length, 2, 'the first answer is reported again');
    assert.ok(!firstAnswer[0].gaps.some((g) => g.code === 'skills-not-logged'));
    assert.ok(firstAnswer[1].gaps.some((g) => g.code === 'skills-not-logged'));
    const whole = runCli(['check', '--format', 'json', file], { cwd: dir });
    const last = new Map(records.map((r) => [r.range[0], JSON.stringify(r)]));
    const expected = whole.stdout.split('\n').filter((l) => l.startsWith('{"file"'));
    assert.deepEqual(
      expected.map((l) => last.get((JSON.parse(l) as { range: number[] }).range[0])),
      expected.map((l) => JSON.stringify(JSON.parse(l))),
    );
  });

  it('says when the file was rewritten and follows its new content', async () => {
    const file = join(dir, 'rewritten.jsonl');
    writeFileSync(file, PROMPT.raw + answer('Revenue was 4.3 million from 52 customers.', PROMPT.uuid).raw);
    const run = new Running(spawn(process.execPath, [bundle, 'check', '--follow', file], { cwd: dir, env: { ...process.env, NO_COLOR: '1' } }));
    await run.until(/'52 customers'/);
    writeFileSync(file, PROMPT.raw);
    await run.until(/rewritten .*following its new content/, 'err');
    appendFileSync(file, answer('There were 61 customers.', PROMPT.uuid).raw);
    await run.until(/'61 customers'/);
    run.proc.kill('SIGINT');
    assert.equal(await run.exited, 0);
  });

  it('takes exactly one file, and no SARIF', () => {
    const a = runCli(['check', '--follow', dir]);
    assert.equal(a.code, 2);
    assert.match(a.stderr, /--follow takes exactly one file/);
    const b = runCli(['check', '--follow', '--format', 'sarif', join(dir, 'live.jsonl')]);
    assert.equal(b.code, 2);
    assert.match(b.stderr, /SARIF is one document/);
  });
});
