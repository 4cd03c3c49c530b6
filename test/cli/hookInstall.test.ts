import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'jsonc-parser';
import { buildCli, runCli, type RunResult } from './harness';
import { call, result, say, session, user } from '../shared/code/claudeSession';

/**
 * `groundcheck hook install` run as a user runs it, on settings files as
 * people keep them: other tools' hooks, comments, trailing commas, their
 * own indentation and line ends. Nothing of theirs may be lost.
 */

let dir: string;
let project: string;
let home: string;
let bundle: string;

/** A project's settings as someone wrote them by hand: CRLF, three-space indents, comments, trailing commas, another tool's hooks. */
const HAND_WRITTEN = [
  '{',
  '   // Shared by the team; keep the formatter hook first.',
  '   "model": "opus",',
  '   "permissions": { "allow": ["Bash(npm test:*)",], },',
  '   "hooks": {',
  '      "PreToolUse": [',
  '         { "matcher": "Bash", "hooks": [ { "type": "command", "command": "guard.sh" } ] },',
  '      ],',
  '      "Stop": [',
  '         {',
  '            /* formats what the agent wrote */',
  '            "hooks": [ { "type": "command", "command": "prettier --write ." } ],',
  '         },',
  '      ],',
  '   },',
  '}',
  '',
].join('\r\n');

function settingsFile(): string {
  return join(project, '.claude', 'settings.json');
}

function writeSettings(text: string): void {
  mkdirSync(join(project, '.claude'), { recursive: true });
  writeFileSync(settingsFile(), text);
}

function install(args: string[] = [], env: NodeJS.ProcessEnv = {}): RunResult {
  return runCli(['hook', 'install', ...args], { cwd: project, env: { HOME: home, CODEX_HOME: '', PATH: process.env.PATH, ...env }, timeout: 30000 });
}

/** The commands each event's hooks run, in order. */
function commands(text: string): Record<string, string[]> {
  const hooks = (parse(text, [], { allowTrailingComma: true }) as { hooks?: Record<string, Array<{ hooks: Array<{ command: string }> }>> }).hooks ?? {};
  return Object.fromEntries(Object.entries(hooks).map(([event, list]) => [event, list.flatMap((entry) => entry.hooks.map((h) => h.command))]));
}

/** Lines of a unified diff by their mark. */
function diffLines(diff: string, mark: '+' | '-'): string[] {
  return diff
    .split('\n')
    .filter((l) => l.startsWith(mark) && !l.startsWith(`${mark}${mark}${mark} `))
    .map((l) => l.slice(1));
}

describe('groundcheck hook install', function () {
  this.timeout(60000);
  before(async () => {
    bundle = await buildCli();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'groundcheck-install-'));
    project = join(dir, 'project');
    home = join(dir, 'home');
    mkdirSync(project);
    mkdirSync(home);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("adds the Stop and SubagentStop hooks beside other tools' hooks, keeping every line, comment, comma and line end, and prints the diff", () => {
    writeSettings(HAND_WRITTEN);
    const r = install();
    assert.equal(r.code, 0, r.stderr);
    const after = readFileSync(settingsFile(), 'utf8');
    const ours = `${process.execPath} ${bundle} hook`;
    assert.deepEqual(commands(after), { PreToolUse: ['guard.sh'], Stop: ['prettier --write .', ours], SubagentStop: [ours] });
    // Nothing lost: the original lines are all there, in order, and only lines were added.
    const before = HAND_WRITTEN.split('\r\n');
    const now = after.split('\r\n');
    let i = 0;
    for (const line of now) if (line === before[i]) i++;
    assert.equal(i, before.length, 'every original line, in order');
    assert.ok(!/[^\r]\n/.test(after), 'CRLF line ends throughout');
    assert.match(after, /\r\n {9}\{\r\n {12}"hooks": \[\r\n {15}\{\r\n {18}"type": "command",/, "written in the file's three-space indentation");
    // The diff adds exactly the new lines and removes none.
    assert.match(r.stdout, new RegExp(`^--- ${settingsFile()}\n\\+\\+\\+ ${settingsFile()}\n@@ `));
    assert.deepEqual(diffLines(r.stdout, '-'), []);
    assert.equal(diffLines(r.stdout, '+').length, now.length - before.length);
    assert.match(r.stderr, /added `.* hook` to .*settings\.json on Stop and SubagentStop/);
  });

  it('refuses a settings file it cannot parse, saying where, and leaves it untouched', () => {
    const broken = '{\n  "model": "opus"\n  "hooks": {}\n}\n';
    writeSettings(broken);
    const r = install();
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `groundcheck: ${settingsFile()}:3:3: expected ','; the file is left as it is\n`);
    assert.equal(readFileSync(settingsFile(), 'utf8'), broken);
    writeSettings('[1, 2]\n');
    assert.match(install().stderr, /settings\.json:1:1: the settings are not a JSON object; the file is left as it is/);
    writeSettings('{ "hooks": { "Stop": { "command": "x" } } }');
    const notList = install(['--uninstall']);
    assert.equal(notList.code, 0, 'nothing of groundcheck to take out of it');
    assert.match(install().stderr, /settings\.json:1:22: "hooks\.Stop" is not a list/);
    assert.equal(readFileSync(settingsFile(), 'utf8'), '{ "hooks": { "Stop": { "command": "x" } } }');
  });

  it('installing twice adds nothing the second time', () => {
    writeSettings(HAND_WRITTEN);
    assert.equal(install().code, 0);
    const once = readFileSync(settingsFile(), 'utf8');
    const again = install();
    assert.equal(again.code, 0);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, /already has groundcheck's hooks; nothing to change/);
    assert.equal(readFileSync(settingsFile(), 'utf8'), once);
    // A groundcheck hook written by hand counts as installed, and stays as the user wrote it.
    writeSettings('{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "npx groundcheck hook --mode block"}]}]}}');
    const r = install();
    assert.match(r.stderr, /Stop already runs `npx groundcheck hook --mode block` \(left as it is\)/);
    assert.deepEqual(commands(readFileSync(settingsFile(), 'utf8')), {
      Stop: ['npx groundcheck hook --mode block'],
      SubagentStop: [`${process.execPath} ${bundle} hook`],
    });
  });

  it("uninstall takes out only groundcheck's hooks, giving back the file's bytes", () => {
    writeSettings(HAND_WRITTEN);
    assert.equal(install().code, 0);
    const r = install(['--uninstall']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(readFileSync(settingsFile(), 'utf8'), HAND_WRITTEN);
    assert.deepEqual(diffLines(r.stdout, '+'), []);
    assert.match(r.stderr, /took 2 groundcheck hooks out of/);
    // A groundcheck handler sharing an entry with another tool's: only the handler goes.
    writeSettings(
      '{\n\t"hooks": {\n\t\t"Stop": [{ "hooks": [{ "type": "command", "command": "notify.sh" }, { "type": "command", "command": "/opt/bin/groundcheck hook" }] }]\n\t}\n}\n',
    );
    assert.equal(install(['--uninstall']).code, 0);
    assert.equal(readFileSync(settingsFile(), 'utf8'), '{\n\t"hooks": {\n\t\t"Stop": [{ "hooks": [{ "type": "command", "command": "notify.sh" }] }]\n\t}\n}\n');
    const none = install(['--uninstall']);
    assert.equal(none.stdout, '');
    assert.match(none.stderr, /has no groundcheck hook; nothing to change/);
  });

  it('--dry-run prints the diff and writes nothing', () => {
    writeSettings(HAND_WRITTEN);
    const r = install(['--dry-run']);
    assert.equal(r.code, 0);
    assert.ok(diffLines(r.stdout, '+').length > 0);
    assert.match(r.stderr, /dry run, .*settings\.json not written/);
    assert.equal(readFileSync(settingsFile(), 'utf8'), HAND_WRITTEN);
    rmSync(join(project, '.claude'), { recursive: true });
    const fresh = install(['--dry-run']);
    assert.match(fresh.stdout, /^--- \/dev\/null\n/);
    assert.ok(!existsSync(join(project, '.claude')), 'no folder made either');
  });

  it("writes each agent's file for each scope, creating it when there is none", () => {
    const ours = `${process.execPath} ${bundle} hook`;
    const cases: Array<[string[], string, NodeJS.ProcessEnv]> = [
      [[], join(project, '.claude', 'settings.json'), {}],
      [['--scope', 'user'], join(home, '.claude', 'settings.json'), {}],
      [['--agent', 'codex'], join(project, '.codex', 'hooks.json'), {}],
      [['--agent', 'codex', '--scope', 'user'], join(home, '.codex', 'hooks.json'), {}],
      [['--agent', 'codex', '--scope', 'user'], join(dir, 'codex-home', 'hooks.json'), { CODEX_HOME: join(dir, 'codex-home') }],
    ];
    for (const [args, path, env] of cases) {
      const r = install(args, env);
      assert.equal(r.code, 0, r.stderr);
      assert.deepEqual(commands(readFileSync(path, 'utf8')), { Stop: [ours], SubagentStop: [ours] }, path);
      assert.match(r.stdout, /^--- \/dev\/null\n/);
      if (args.includes('codex')) assert.match(r.stderr, /open \/hooks in Codex/);
    }
  });

  it('writes `groundcheck hook` when the groundcheck on the PATH is this one, else its full path; passes --mode and --shadow on', () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(bundle, join(bin, 'groundcheck'));
    install(['--mode', 'block'], { PATH: `${bin}:${process.env.PATH}` });
    assert.deepEqual(commands(readFileSync(settingsFile(), 'utf8')).Stop, ['groundcheck hook --mode block']);
    // A node_modules/.bin on the PATH (npx, npm run) is not the agent's PATH.
    const local = join(dir, 'node_modules', '.bin');
    mkdirSync(local, { recursive: true });
    symlinkSync(bundle, join(local, 'groundcheck'));
    rmSync(join(project, '.claude'), { recursive: true });
    install(['--shadow'], { PATH: `${local}:${process.env.PATH}` });
    assert.deepEqual(commands(readFileSync(settingsFile(), 'utf8')).Stop, [`${process.execPath} ${bundle} hook --shadow`]);
    rmSync(join(project, '.claude'), { recursive: true });
    install(['--command', 'npx --no-install groundcheck']);
    assert.deepEqual(commands(readFileSync(settingsFile(), 'utf8')).Stop, ['npx --no-install groundcheck hook']);
  });

  it('the command it writes runs the hook as the agent would', () => {
    install(['--mode', 'block']);
    const command = commands(readFileSync(settingsFile(), 'utf8')).Stop[0];
    const transcript = join(dir, 'session.jsonl');
    writeFileSync(
      transcript,
      `${session([user('Run the tests.'), call('t1', 'Bash', { command: 'npm test' }), result('t1', '  12 passing (40ms)\n'), say('All 31 tests pass now.')])}\n`,
    );
    const event = { session_id: 's-1', transcript_path: transcript, cwd: project, hook_event_name: 'Stop', stop_hook_active: false };
    const r = spawnSync('sh', ['-c', command], {
      cwd: project,
      input: JSON.stringify(event),
      encoding: 'utf8',
      env: { ...process.env, XDG_CACHE_HOME: join(dir, 'cache') },
      timeout: 30000,
    });
    assert.equal(r.status, 0, r.stderr);
    const reply = JSON.parse(r.stdout);
    assert.equal(reply.decision, 'block');
    assert.match(reply.reason, /'31 tests': the session says '12 tests'/);
  });

  it('edits the file a symbolic link points at, keeping the link and the permissions', () => {
    const dotfiles = join(dir, 'dotfiles');
    mkdirSync(dotfiles);
    writeFileSync(join(dotfiles, 'claude.json'), HAND_WRITTEN, { mode: 0o600 });
    mkdirSync(join(project, '.claude'));
    symlinkSync(join(dotfiles, 'claude.json'), settingsFile());
    assert.equal(install().code, 0);
    assert.ok(lstatSync(settingsFile()).isSymbolicLink());
    assert.equal(statSync(join(dotfiles, 'claude.json')).mode & 0o777, 0o600);
    assert.deepEqual(Object.keys(commands(readFileSync(join(dotfiles, 'claude.json'), 'utf8'))), ['PreToolUse', 'Stop', 'SubagentStop']);
  });

  it('refuses a bad --agent or --scope with a usage error', () => {
    const r = install(['--agent', 'cursor']);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /argument 'cursor' is invalid/);
    assert.ok(!existsSync(join(project, '.claude')));
  });
});
