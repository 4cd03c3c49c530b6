/**
 * `groundcheck hook install [--agent claude-code|codex] [--scope
 * project|user] [--uninstall] [--dry-run]`: adds groundcheck's Stop and
 * SubagentStop command hooks to the agent's settings file, or takes them
 * out. The file is edited, never rewritten: every other entry, comment and
 * the file's formatting stay. What changes is printed as a unified diff;
 * a file that does not parse is left untouched, with where it is wrong.
 */
import { chmodSync, lstatSync, mkdirSync, realpathSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Command, Option } from 'commander';
import { FILE_LIMITS, FileRefused, readBounded } from '../../shared/io/boundedRead';
import { AGENTS, type Agent, afterInstall, HOOK_EVENTS, HOOK_TIMEOUT, SCOPES, type Scope, settingsPath } from '../hook/agentSettings';
import { isGroundcheckHook, launcherWords, shellCommand, shellWords } from '../hook/hookCommand';
import { installHooks, lineColumn, SettingsError, uninstallHooks } from '../hook/settingsEdit';
import { unifiedDiff } from '../terminal/unifiedDiff';
import { visibleControls } from '../terminal/visibleControls';

interface InstallOptions {
  agent: Agent;
  scope: Scope;
  uninstall?: boolean;
  dryRun?: boolean;
  mode?: 'report' | 'block';
  shadow?: boolean;
  command?: string;
}

/** The settings file as read: its text, or undefined when there is none yet. */
interface SettingsFile {
  path: string;
  text: string | undefined;
}

export function registerHookInstall(hook: Command, root: Command): void {
  const install = hook
    .command('install')
    .description("Add groundcheck's Stop and SubagentStop hooks to the agent's settings (or take them out with --uninstall), printing the diff.")
    .addOption(new Option('--agent <agent>', 'the agent whose settings to edit').choices(AGENTS).default('claude-code'))
    .addOption(new Option('--scope <scope>', "project: this folder's settings; user: yours").choices(SCOPES).default('project'))
    .option('--uninstall', "take groundcheck's hooks out instead")
    .option('--dry-run', 'print the diff, write nothing')
    .addOption(new Option('--mode <mode>', 'the mode the installed hook runs in').choices(['report', 'block']))
    .option('--shadow', 'install the hook in shadow mode: it only logs what it would have done')
    .option('--command <command>', 'how the agent should start groundcheck (default: `groundcheck` when it is on your PATH, else its full path)');
  // Usage errors here are the user's to see and exit 2, not the stop hook's silent exit 0.
  install.copyInheritedSettings(root);
  install.exitOverride((err) => {
    process.exit(err.exitCode === 0 ? 0 : 2);
  });
  install.action((options: InstallOptions) => {
    process.exitCode = runInstall(options, process.cwd());
  });
}

export function runInstall(options: InstallOptions, cwd: string): number {
  const path = settingsPath(options.agent, options.scope, cwd);
  let file: SettingsFile;
  try {
    file = readSettings(path);
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
  const launcher =
    options.command !== undefined
      ? shellWords(options.command)
      : launcherWords({ script: process.argv[1], execPath: process.execPath, path: process.env.PATH });
  if (launcher.length === 0) return fail('--command is empty');
  const isOurs = (command: string) => isGroundcheckHook(command, launcher);
  const before = file.text ?? '';
  let after: string;
  let summary: string;
  try {
    if (options.uninstall) {
      const r = uninstallHooks(before, HOOK_EVENTS, isOurs);
      after = r.text;
      summary =
        r.removed === 0
          ? `${path} has no groundcheck hook; nothing to change`
          : `took ${r.removed === 1 ? "groundcheck's hook" : `${r.removed} groundcheck hooks`} out of ${path}`;
    } else {
      const command = `${options.command ?? shellCommand(launcher)} ${hookArgs(options)}`;
      const r = installHooks(before, { events: HOOK_EVENTS, command, timeout: HOOK_TIMEOUT, isOurs });
      after = r.text;
      const kept = r.present.map((p) => `${p.event} already runs \`${p.command}\` (left as it is)`);
      summary = [
        r.added.length > 0 ? `added \`${command}\` to ${path} on ${r.added.join(' and ')}` : `${path} already has groundcheck's hooks; nothing to change`,
        ...kept,
      ].join('\n');
    }
  } catch (err) {
    if (!(err instanceof SettingsError)) throw err;
    const bom = before.startsWith('\uFEFF') ? 1 : 0;
    const { line, column } = lineColumn(before.slice(bom), err.offset);
    return fail(`${path}:${line}:${column}: ${err.message}; the file is left as it is`);
  }
  if (after === before) {
    process.stderr.write(messageLines(summary));
    return 0;
  }
  process.stdout.write(unifiedDiff(before, after, file.text === undefined ? '/dev/null' : path, path));
  if (options.dryRun) {
    process.stderr.write(`groundcheck: dry run, ${path} not written\n`);
    return 0;
  }
  try {
    writeSettings(file, after);
  } catch (err) {
    return fail(`cannot write ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const next = options.uninstall ? undefined : afterInstall(options.agent);
  process.stderr.write(messageLines(next ? `${summary}\n${next}` : summary));
  return 0;
}

function hookArgs(options: InstallOptions): string {
  return ['hook', ...(options.mode ? ['--mode', options.mode] : []), ...(options.shadow ? ['--shadow'] : [])].join(' ');
}

/** Lines for standard error, each its own `groundcheck:` line. */
function messageLines(text: string): string {
  return text
    .split('\n')
    .map((l) => `groundcheck: ${visibleControls(l)}\n`)
    .join('');
}

function fail(message: string): number {
  process.stderr.write(`groundcheck: ${visibleControls(message)}\n`);
  return 2;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function readSettings(path: string): SettingsFile {
  let bytes: Buffer;
  try {
    bytes = readBounded(path, FILE_LIMITS.settings);
  } catch (err) {
    if (err instanceof FileRefused && missing(path)) return { path, text: undefined };
    throw err;
  }
  try {
    return { path, text: UTF8.decode(bytes) };
  } catch {
    throw new Error(`${path} is not UTF-8 text; the file is left as it is`);
  }
}

/** No file and no symbolic link by that name (a link to nowhere is the user's to fix, not to replace). */
function missing(path: string): boolean {
  try {
    lstatSync(path);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

/**
 * Replaces the file whole (write beside it, then rename), through a
 * symbolic link to the file it names, keeping its permissions; refuses
 * when the file changed since it was read.
 */
function writeSettings(file: SettingsFile, text: string): void {
  const now = readSettings(file.path).text;
  if (now !== file.text) throw new Error('it changed while groundcheck was editing it; run the command again');
  const target = file.text === undefined ? file.path : realpathSync(file.path);
  mkdirSync(dirname(target), { recursive: true });
  const mode = file.text === undefined ? 0o644 : statSync(target).mode & 0o7777;
  const temp = join(dirname(target), `.${Date.now()}.${process.pid}.groundcheck.tmp`);
  try {
    writeFileSync(temp, text, { mode });
    chmodSync(temp, mode);
    renameSync(temp, target);
  } catch (err) {
    try {
      unlinkSync(temp);
    } catch {
      // Not written.
    }
    throw err;
  }
}
