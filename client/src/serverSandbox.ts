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

/** The flag sets to try, newest spelling first. */
export function candidateArgs(paths: SandboxPaths): string[][] {
  const quiet = ['--disable-warning=ExperimentalWarning', '--disable-warning=SecurityWarning'];
  const forms: string[][] = [];
  // Node 20 reads a write path that does not exist yet (no `.groundcheck/` so far) as a file,
  // so the folder is also granted with a trailing wildcard where the runtime reads one.
  for (const wildcard of [true, false]) {
    const writable = wildcard ? paths.writable.flatMap((p) => [p, path.join(p, '*')]) : paths.writable;
    const perPath = (flag: string, list: string[]) => list.map((p) => `${flag}=${p}`);
    const repeated = [...perPath('--allow-fs-read', paths.readable), ...perPath('--allow-fs-write', writable), '--allow-worker'];
    forms.push(['--permission', ...repeated], ['--experimental-permission', ...repeated]);
    // Paths holding a comma cannot be written in the older comma-separated form.
    if ([...paths.readable, ...writable].every((p) => !p.includes(','))) {
      forms.push([
        '--experimental-permission',
        `--allow-fs-read=${paths.readable.join(',')}`,
        ...(writable.length > 0 ? [`--allow-fs-write=${writable.join(',')}`] : []),
        '--allow-worker',
      ]);
    }
  }
  // `--disable-warning` came later than the permission model: try each form with it, then without.
  return [...forms.map((f) => [...f, ...quiet]), ...forms];
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
export async function sandboxArgs(execPath: string, paths: SandboxPaths): Promise<SandboxResult> {
  for (const args of candidateArgs(paths)) {
    if (await grantsExactly(execPath, args, paths)) return { execArgv: args };
  }
  return { execArgv: undefined, reason: `this runtime (${path.basename(execPath)}) does not support Node's permission model` };
}
