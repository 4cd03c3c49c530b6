import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleDoc } from '../../shared/classifier/rules';
import { buildCli, runCli } from './harness';
import { claudeSessionAt, codexRolloutAt } from '../shared/transcript/sessionsAt';

const ANSWER = 'Accounts are settled by `reconcileLedger()`.';
const CLAUDE_MD = '# Ledger\n\nSettle accounts with `reconcileLedger()` in src/ledger.ts.\n';

function tempDir(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'groundcheck-cli-instructions-')));
}

interface Entity {
  text: string;
  status: string;
  match?: { file: string; range: [number, number] };
}

/** The one output's record of `groundcheck check --format json`, run in `cwd`. */
function check(cwd: string, args: string[]): { entity: Entity; gaps: { code: string; message: string }[] } {
  // The rule for names nothing spelt is off in an agent's turn by default; turned on, it shows what an instruction file grounds.
  const r = runCli(['check', ...args, '--format', 'json', '--rule', 'absent-names=on'], { cwd });
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
    writeFileSync(join(root, 'session.jsonl'), claudeSessionAt(join(root, 'proj'), ANSWER));
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
    const r = runCli(['check', '-', '--format', 'json'], { cwd: root, input: claudeSessionAt(join(root, 'proj'), ANSWER) });
    assert.equal(r.code, 0, r.stderr);
    const entity = JSON.parse(r.stdout.trim().split('\n')[0]).entities.find((e: Entity) => e.text === '`reconcileLedger()`');
    assert.equal(entity.status, 'grounded');
    assert.equal(entity.match?.file, 'proj/CLAUDE.md');
  });

  it('leaves the name unspelt when the project has no CLAUDE.md, and says none was found', () => {
    const root = tempDir();
    mkdirSync(join(root, 'proj'));
    writeFileSync(join(root, 'session.jsonl'), claudeSessionAt(join(root, 'proj'), ANSWER));
    const { entity, gaps } = check(root, ['session.jsonl']);
    assertUnspelt(entity);
    assert.match(gaps[0].message, /No instruction file \(CLAUDE\.md, \.claude\/CLAUDE\.md, CLAUDE\.local\.md\) was found at /);
  });

  it('does not read a working directory outside the checked tree, unless --allow-outside-refs', () => {
    const project = tempDir();
    writeFileSync(join(project, 'CLAUDE.md'), CLAUDE_MD);
    const checked = tempDir();
    writeFileSync(join(checked, 'session.jsonl'), claudeSessionAt(project, ANSWER));
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
    writeFileSync(join(root, 'rollout.jsonl'), codexRolloutAt(join(root, 'repo', 'pkg'), ANSWER));
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
    writeFileSync(join(root, 'rollout.jsonl'), codexRolloutAt(join(root, 'repo'), ANSWER));
    const { entity, gaps } = check(root, ['rollout.jsonl']);
    assertUnspelt(entity);
    assert.match(gaps.find((g) => g.code === 'instructions-not-logged')!.message, /No instruction file \(AGENTS\.override\.md, AGENTS\.md\) was found/);
  });
});
