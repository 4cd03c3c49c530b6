import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allowedFolders } from '../../../shared/io/referenceReads';
import { parseTranscript } from '../../../shared/transcript/detect';
import { describeInstructionFiles, findInstructionFiles } from '../../../shared/transcript/instructionFiles';
import type { Transcript } from '../../../shared/transcript/model';
import { claudeSessionAt, codexRolloutAt } from './sessionsAt';

/** A temporary folder, resolved (macOS's /tmp is a link), with the files given. */
function tree(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'groundcheck-instructions-')));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    if (path.endsWith('/')) mkdirSync(join(root, path), { recursive: true });
    else writeFileSync(join(root, path), text);
  }
  return root;
}

function parse(raw: string, roots: string[] | undefined): Transcript {
  const t = parseTranscript({ raw, ...(roots ? { projectFolders: allowedFolders(roots) } : {}) });
  if (!('segments' in t)) throw new Error(t.reason);
  return t;
}

describe("instruction files at a session's working directory", () => {
  it('Claude Code: CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md from the outermost allowed folder down to the working directory', () => {
    const root = tree({
      'CLAUDE.md': 'outer',
      'app/CLAUDE.md': 'project',
      'app/.claude/CLAUDE.md': 'project memory',
      'app/CLAUDE.local.md': 'local',
      'app/src/CLAUDE.md': 'nested',
    });
    const { files, found } = findInstructionFiles('claude-code', join(root, 'app', 'src'), allowedFolders([join(root, 'app')]));
    assert.deepEqual(
      files.map((f) => [f.name, f.text]),
      [
        ['../CLAUDE.md', 'project'],
        ['../.claude/CLAUDE.md', 'project memory'],
        ['../CLAUDE.local.md', 'local'],
        ['CLAUDE.md', 'nested'],
      ],
      'the CLAUDE.md above the allowed folder is not read',
    );
    assert.deepEqual(found.read, [
      join(root, 'app/CLAUDE.md'),
      join(root, 'app/.claude/CLAUDE.md'),
      join(root, 'app/CLAUDE.local.md'),
      join(root, 'app/src/CLAUDE.md'),
    ]);
    assert.deepEqual(found.notes, []);
  });

  it('refuses a file that links out of the allowed folders, and says so', () => {
    const outside = tree({ 'secret.md': 'The launch code is 7734.' });
    const root = tree({ 'app/': '' });
    symlinkSync(join(outside, 'secret.md'), join(root, 'app', 'CLAUDE.md'));
    const { files, found } = findInstructionFiles('claude-code', join(root, 'app'), allowedFolders([root]));
    assert.deepEqual(files, []);
    assert.deepEqual(found.notes, [`${join(root, 'app', 'CLAUDE.md')}: outside the allowed folders: not read`]);
  });

  it('says why nothing was read: a working directory outside the allowed folders, not on this machine, or not a path here', () => {
    const root = tree({ 'app/CLAUDE.md': 'project', 'other/': '' });
    const allowed = allowedFolders([join(root, 'other')]);
    const say = (cwd: string) => describeInstructionFiles(findInstructionFiles('claude-code', cwd, allowed).found);
    assert.equal(
      say(join(root, 'app')),
      `No instruction file was read: the working directory ${join(root, 'app')} is outside the folders groundcheck may read.`,
    );
    assert.equal(
      say(join(root, 'other', 'gone')),
      `No instruction file was read: the working directory ${join(root, 'other', 'gone')} is not on this machine.`,
    );
    assert.equal(say('C:\\Users\\me\\app'), 'No instruction file was read: the working directory C:\\Users\\me\\app is not a path on this machine.');
    assert.equal(
      say(join(root, 'other')),
      `No instruction file (CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md) was found at ${join(root, 'other')} or the folders above it that groundcheck may read.`,
    );
  });

  it('Codex: one file per folder from the folder holding .git down, AGENTS.override.md first', () => {
    const root = tree({
      'AGENTS.md': 'above the repository',
      'repo/.git/': '',
      'repo/AGENTS.md': 'repository',
      'repo/pkg/AGENTS.override.md': 'override',
      'repo/pkg/AGENTS.md': 'shadowed',
    });
    const { files } = findInstructionFiles('codex', join(root, 'repo', 'pkg'), allowedFolders([root]));
    assert.deepEqual(
      files.map((f) => [f.name, f.text]),
      [
        ['../AGENTS.md', 'repository'],
        ['AGENTS.override.md', 'override'],
      ],
    );
  });

  it('Codex: without a repository, only the working directory; together no more than 32 KiB, cut between characters', () => {
    const root = tree({ 'AGENTS.md': 'parent', 'work/AGENTS.md': `${'a'.repeat(32 * 1024 - 1)}é and more` });
    const { files, found } = findInstructionFiles('codex', join(root, 'work'), allowedFolders('anywhere'));
    assert.equal(files.length, 1, 'no .git anywhere above: the working directory alone');
    assert.equal(files[0].text, 'a'.repeat(32 * 1024 - 1), 'the two-byte é would pass the limit');
    assert.match(found.notes[0], /was cut at 32768 bytes/);
  });

  it("puts the files before the first output as system context whose offsets are the file's own", () => {
    const text = '# Notes\r\n\r\nSettle accounts with `reconcileLedger()`.\r\n';
    const root = tree({ 'proj/CLAUDE.md': text });
    const t = parse(claudeSessionAt(join(root, 'proj'), 'Accounts are settled by `reconcileLedger()`.'), [root]);
    const file = t.segments.find((s) => s.source !== undefined)!;
    const output = t.segments.find((s) => s.isOutput)!;
    assert.equal(file.source, join(root, 'proj', 'CLAUDE.md'));
    assert.equal(file.role, 'system');
    assert.equal(file.label, 'CLAUDE.md (read from disk)');
    assert.equal(file.text, text);
    assert.ok(file.id < output.id, 'before the first output');
    const at = text.indexOf('reconcileLedger');
    assert.deepEqual([file.map.toRaw(at), file.map.toRaw(at + 15)], [at, at + 15]);
    let node = output.parent;
    while (node !== -1 && node !== file.id) node = t.segments[node].parent;
    assert.equal(node, file.id, 'an ancestor of the output');
    assert.deepEqual(t.instructions?.read, [join(root, 'proj', 'CLAUDE.md')]);
    assert.match(t.gaps.find((g) => g.code === 'system-prompt-not-logged')!.message, /Instruction files read from disk: .*proj\/CLAUDE\.md\./);
  });

  it('are ancestors of the outputs when an attachment line opens the session', () => {
    const root = tree({ 'proj/CLAUDE.md': 'Settle with `reconcileLedger()`.' });
    const cwd = join(root, 'proj');
    const raw = [
      { type: 'attachment', uuid: 'x1', parentUuid: null, sessionId: 's', cwd, attachment: { type: 'todo', content: 'Settle the ledger.' } },
      { type: 'user', uuid: 'u1', parentUuid: 'x1', sessionId: 's', cwd, message: { role: 'user', content: 'How are accounts settled?' } },
      {
        type: 'assistant',
        uuid: 'a1',
        parentUuid: 'u1',
        sessionId: 's',
        cwd,
        message: { id: 'm1', role: 'assistant', content: [{ type: 'text', text: 'With `reconcileLedger()`.' }] },
      },
    ]
      .map((l) => JSON.stringify(l))
      .join('\n');
    const t = parse(raw, [root]);
    const file = t.segments.find((s) => s.source !== undefined)!;
    let node = t.segments.find((s) => s.isOutput)!.parent;
    while (node !== -1 && node !== file.id) node = t.segments[node].parent;
    assert.equal(node, file.id);
  });

  it('Codex rollouts get their AGENTS.md files the same way', () => {
    const root = tree({ 'repo/.git/': '', 'repo/AGENTS.md': 'Settle with `reconcileLedger()`.\n' });
    const t = parse(codexRolloutAt(join(root, 'repo'), 'Accounts are settled by `reconcileLedger()`.'), [root]);
    const file = t.segments.find((s) => s.source !== undefined)!;
    assert.equal(file.label, 'AGENTS.md (read from disk)');
    assert.ok(file.id < t.segments.find((s) => s.isOutput)!.id);
    assert.match(t.gaps.find((g) => g.code === 'instructions-not-logged')!.message, /Instruction files read from disk: .*repo\/AGENTS\.md\./);
  });

  it('reads nothing, and changes nothing, when the parse may not look', () => {
    const root = tree({ 'proj/CLAUDE.md': 'Settle with `reconcileLedger()`.' });
    const raw = claudeSessionAt(join(root, 'proj'), 'Accounts are settled by `reconcileLedger()`.');
    const alone = parse(raw, undefined);
    assert.equal(alone.instructions, undefined);
    assert.ok(alone.segments.every((s) => s.source === undefined));
    const outside = parse(raw, [join(root, 'elsewhere')]);
    assert.deepEqual(
      outside.segments.map((s) => [s.role, s.text]),
      alone.segments.map((s) => [s.role, s.text]),
    );
  });
});
