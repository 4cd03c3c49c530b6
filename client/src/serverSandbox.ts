/**
 * Runs the language server under Node's permission model: it may read the
 * extension and the workspace folders, write only their `.groundcheck/`
 * folders, and start its own check worker; any other read or write fails
 * with ERR_ACCESS_DENIED instead of quietly succeeding. Transcripts come from
 * repositories users did not write, so the limit is enforced by the runtime,
 * not only promised by our code.
 *
 * Node's flags changed shape between releases (`--experimental-permission`
 * and comma-separated paths on older Node 20, one `--allow-fs-read` per path
 * on newer 20.x and 22, `--permission` from 22.13), and hosts such as Electron
 * may not honour them, so each candidate is probed once with the host's own
 * runtime and kept only if the limits it sets are the ones asked for.
 */
import { execFile } from 'node:child_process';
import * as path from 'node:path';

/** The client's own setting (`groundcheck.server.restrictFileAccess`); the server never reads it. */
export const RESTRICT_SETTING = 'server.restrictFileAccess';

export interface SandboxPaths {
  /** Read access: the extension's own files and each workspace folder. */
  readable: string[];
  /** Write access: each workspace folder's `.groundcheck/`. */
  writable: string[];
}

export type SandboxResult = { execArgv: string[] } | { execArgv: undefined; reason: string };

/** Where each workspace folder keeps the ignore store the server may write. */
export function sandboxPaths(extensionPath: string, folders: readonly string[]): SandboxPaths {
  return {
    readable: [extensionPath, ...folders],
    writable: folders.map((f) => path.join(f, '.groundcheck')),
  };
}

/** A way to spell the flags: which permission flag, wildcard write paths or not, comma lists or repeated flags, warnings quiet or not. */
interface FlagSpelling {
  flag: '--permission' | '--experimental-permission';
  wildcard: boolean;
  commas: boolean;
  quiet: boolean;
}

/** The spellings to try, newest first; `--disable-warning` came later than the permission model, so each is tried with it, then without. */
const SPELLINGS: FlagSpelling[] = [true, false].flatMap((quiet) =>
  // Node 20 reads a write path that does not exist yet (no `.groundcheck/` so far) as a file,
  // so the folder is also granted with a trailing wildcard where the runtime reads one.
  [true, false].flatMap((wildcard) => [
    { flag: '--permission' as const, wildcard, commas: false, quiet },
    { flag: '--experimental-permission' as const, wildcard, commas: false, quiet },
    { flag: '--experimental-permission' as const, wildcard, commas: true, quiet },
  ]),
);

/** The arguments of one spelling for these paths, or undefined when the paths cannot be written that way. */
function spelled(paths: SandboxPaths, s: FlagSpelling): string[] | undefined {
  const writable = s.wildcard ? paths.writable.flatMap((p) => [p, path.join(p, '*')]) : paths.writable;
  const quiet = s.quiet ? ['--disable-warning=ExperimentalWarning', '--disable-warning=SecurityWarning'] : [];
  if (s.commas) {
    // Paths holding a comma cannot be written in the older comma-separated form.
    if ([...paths.readable, ...writable].some((p) => p.includes(','))) return undefined;
    const write = writable.length > 0 ? [`--allow-fs-write=${writable.join(',')}`] : [];
    return [s.flag, `--allow-fs-read=${paths.readable.join(',')}`, ...write, '--allow-worker', ...quiet];
  }
  const perPath = (flag: string, list: string[]) => list.map((p) => `${flag}=${p}`);
  return [s.flag, ...perPath('--allow-fs-read', paths.readable), ...perPath('--allow-fs-write', writable), '--allow-worker', ...quiet];
}

/**
 * Checks, inside a child started like the server will be, that the flags
 * are accepted and grant exactly what was asked: the extension readable, a
 * path beside it not readable, the `.groundcheck/` folders and what they
 * hold writable (existing or not), and the folders themselves not.
 */
function grantsExactly(execPath: string, args: string[], paths: SandboxPaths): Promise<boolean> {
  const outside = path.join(path.dirname(paths.readable[0]), `${path.basename(paths.readable[0])}-outside`);
  const checks = [
    ...paths.readable.map((p) => `p.has('fs.read', ${JSON.stringify(path.join(p, 'x'))})`),
    ...paths.writable.map((p) => `p.has('fs.write', ${JSON.stringify(p)}) && p.has('fs.write', ${JSON.stringify(path.join(p, 'x'))})`),
    `!p.has('fs.read', ${JSON.stringify(outside)})`,
    ...paths.writable.map((p) => `!p.has('fs.write', ${JSON.stringify(path.join(path.dirname(p), 'x'))})`),
  ];
  const script = `const p = process.permission; process.exit(p && ${checks.join(' && ')} ? 0 : 3)`;
  return new Promise((resolve) => {
    execFile(execPath, [...args, '-e', script], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 10_000 }, (err) => resolve(!err));
  });
}

/**
 * The runtime arguments that confine the server, or why it runs without
 * them. `execPath` is the runtime that will start the server (the
 * extension host's own).
 */
/**
 * The spelling that worked for each runtime, or null when none did: which
 * one works depends on the runtime, not on the paths, so a restart (folders
 * changed) probes that one spelling, not all twelve again.
 */
const knownSpelling = new Map<string, FlagSpelling | null>();

export async function sandboxArgs(execPath: string, paths: SandboxPaths): Promise<SandboxResult> {
  const unsupported = { execArgv: undefined, reason: `this runtime (${path.basename(execPath)}) does not support Node's permission model` };
  const known = knownSpelling.get(execPath);
  if (known === null) return unsupported;
  for (const spelling of known ? [known, ...SPELLINGS.filter((s) => s !== known)] : SPELLINGS) {
    const args = spelled(paths, spelling);
    if (args && (await grantsExactly(execPath, args, paths))) {
      knownSpelling.set(execPath, spelling);
      return { execArgv: args };
    }
  }
  knownSpelling.set(execPath, null);
  return unsupported;
}
