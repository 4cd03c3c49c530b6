import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleDoc } from '../../shared/classifier/rules';
import { buildCli, runCli } from './harness';

const ANSWER = 'Accounts are settled by `reconcileLedger()`.';
const CLAUDE_MD = '# Ledger\n\nSettle accounts with `reconcileLedger()` in src/ledger.ts.\n';

function tempDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'groundcheck-cli-instructions-')));
}

function claudeSession(cwd: string): string {
  const lines = [
    {
      type: 'user',
      uuid: 'u1',
      parentUuid: null,
      sessionId: 's',
      cwd,
      timestamp: '2026-01-05T10:00:00Z',
      message: { role: 'user', content: 'How are accounts settled?' },
    },
    {
      type: 'assistant',
      uuid: 'a1',
      parentUuid: 'u1',
      sessionId: 's',
      cwd,
      message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: ANSWER }] },
    },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

function codexRollout(cwd: string): string {
  const lines = [
    { timestamp: 't', type: 'session_meta', payload: { id: 'x', cwd, originator: 'codex_cli_rs', cli_version: '0.50.0' } },
    { timestamp: 't', type: 'response_item', payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'How are accounts settled?' }] } },
    { timestamp: 't', type: 'response_item', payload: { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: ANSWER }] } },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

interface Entity {
  text: string;
  status: string;
  match?: { file: string; range: [number, number] };
}

/** The one output's record of `groundcheck check --format json`, run in `cwd`. */
function check(cwd: string, args: string[]): { entity: Entity; gaps: { code: string; message: string }[] } {
  const r = runCli(['check', ...args, '--format', 'json'], { cwd });
  assert.equal(r.code, 0, r.stderr);
  const record = JSON.parse(r.stdout.trim().split('\n')[0]);
  return { entity: record.entities.find((e: Entity) => e.text === '`reconcileLedger()`'), gaps: record.gaps };
}

/** Without the instruction file, the name is one nothing in the session spelt. */
function assertUnspelt(entity: Entity): void {
  assert.equal(entity.match, undefined);
  // Where the rule for names nothing spelt exists, it flags; otherwise the unlogged prompt still excuses the name.
  assert.equal(entity.status, ruleDoc('absent-names') ? 'unverified' : 'indeterminate');
}

describe("groundcheck check: a coding session's instruction files", function () {
  this.timeout(60000);
  before(buildCli);

  it('grounds a name CLAUDE.md gives, with evidence at its exact characters in that file', () => {
    const root = tempDir();
    mkdirSync(join(root, 'proj'));
    writeFileSync(join(root, 'proj', 'CLAUDE.md'), CLAUDE_MD);
    writeFileSync(join(root, 'session.jsonl'), claudeSession(join(root, 'proj')));
    const { entity, gaps } = check(root, ['session.jsonl']);
    assert.equal(entity.status, 'grounded');
    assert.equal(entity.match?.file, 'proj/CLAUDE.md');
    const [s, e] = entity.match!.range;
    assert.equal(readFileSync(join(root, 'proj', 'CLAUDE.md'), 'utf8').slice(s, e), 'reconcileLedger');
    assert.match(
      gaps.find((g) => g.code === 'system-prompt-not-logged')!.message,
      new RegExp(`Instruction files read from disk: ${join(root, 'proj', 'CLAUDE.md')}\\.`),
    );
  });

  it('reads them for a session piped in, inside the current directory', () => {
    const root = tempDir();
    mkdirSync(join(root, 'proj'));
    writeFileSync(join(root, 'proj', 'CLAUDE.md'), CLAUDE_MD);
    const r = runCli(['check', '-', '--format', 'json'], { cwd: root, input: claudeSession(join(root, 'proj')) });
    assert.equal(r.code, 0, r.stderr);
    const entity = JSON.parse(r.stdout.trim().split('\n')[0]).entities.find((e: Entity) => e.text === '`reconcileLedger()`');
    assert.equal(entity.status, 'grounded');
    assert.equal(entity.match?.file, 'proj/CLAUDE.md');
  });

  it('leaves the name unspelt when the project has no CLAUDE.md, and says none was found', () => {
    const root = tempDir();
    mkdirSync(join(root, 'proj'));
    writeFileSync(join(root, 'session.jsonl'), claudeSession(join(root, 'proj')));
    const { entity, gaps } = check(root, ['session.jsonl']);
    assertUnspelt(entity);
    assert.match(gaps[0].message, /No instruction file \(CLAUDE\.md, \.claude\/CLAUDE\.md, CLAUDE\.local\.md\) was found at /);
  });

  it('does not read a working directory outside the checked tree, unless --allow-outside-refs', () => {
    const project = tempDir();
    writeFileSync(join(project, 'CLAUDE.md'), CLAUDE_MD);
    const checked = tempDir();
    writeFileSync(join(checked, 'session.jsonl'), claudeSession(project));
    const refused = check(checked, ['session.jsonl']);
    assertUnspelt(refused.entity);
    assert.match(refused.gaps[0].message, new RegExp(`the working directory ${project} is outside the folders groundcheck may read`));
    const allowed = check(checked, ['session.jsonl', '--allow-outside-refs']);
    assert.equal(allowed.entity.status, 'grounded');
    assert.equal(allowed.entity.match?.file, join(project, 'CLAUDE.md'));
  });

  it("grounds a name the repository's AGENTS.md gives a Codex session started in a subfolder", () => {
    const root = tempDir();
    mkdirSync(join(root, 'repo', '.git'), { recursive: true });
    mkdirSync(join(root, 'repo', 'pkg'));
    writeFileSync(join(root, 'repo', 'AGENTS.md'), CLAUDE_MD);
    writeFileSync(join(root, 'rollout.jsonl'), codexRollout(join(root, 'repo', 'pkg')));
    const { entity, gaps } = check(root, ['rollout.jsonl']);
    assert.equal(entity.status, 'grounded');
    assert.equal(entity.match?.file, 'repo/AGENTS.md');
    const [s, e] = entity.match!.range;
    assert.equal(CLAUDE_MD.slice(s, e), 'reconcileLedger');
    assert.match(gaps.find((g) => g.code === 'instructions-not-logged')!.message, /Instruction files read from disk: .*repo\/AGENTS\.md\./);
  });

  it("leaves a Codex session's name unspelt without the file", () => {
    const root = tempDir();
    mkdirSync(join(root, 'repo', '.git'), { recursive: true });
    writeFileSync(join(root, 'rollout.jsonl'), codexRollout(join(root, 'repo')));
    const { entity, gaps } = check(root, ['rollout.jsonl']);
    assertUnspelt(entity);
    assert.match(gaps.find((g) => g.code === 'instructions-not-logged')!.message, /No instruction file \(AGENTS\.override\.md, AGENTS\.md\) was found/);
  });
});
