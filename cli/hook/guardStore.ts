/**
 * Where the stop hook's loop guard keeps its state between runs: one small
 * JSON file per session (and sub-agent) under the user's cache folder
 * (`$XDG_CACHE_HOME/groundcheck/hooks`, else `~/.cache/groundcheck/hooks`),
 * so sessions running side by side never write the same file. Files are
 * replaced whole (write, then rename); the folder keeps the most recently
 * used MAX_FILES. A file that cannot be read is no state: the guard then
 * knows less, and `stop_hook_active` still caps blocks.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readBounded } from '../../shared/io/boundedRead';
import { type GuardState, MAX_REMEMBERED } from '../../shared/hook/loopGuard';

const MAX_FILES = 200;
const MAX_FILE_BYTES = 64 * 1024;

export function guardFolder(env: NodeJS.ProcessEnv = process.env): string {
  return join(groundcheckCache(env), 'hooks');
}

/** groundcheck's folder in the user's cache: `$XDG_CACHE_HOME/groundcheck`, else `~/.cache/groundcheck`. */
export function groundcheckCache(env: NodeJS.ProcessEnv = process.env): string {
  const cache = env.XDG_CACHE_HOME && env.XDG_CACHE_HOME.startsWith('/') ? env.XDG_CACHE_HOME : join(homedir(), '.cache');
  return join(cache, 'groundcheck');
}

export class GuardStore {
  constructor(private readonly folder: string) {}

  private fileOf(session: string): string {
    return join(this.folder, `${createHash('sha256').update(session).digest('hex').slice(0, 32)}.json`);
  }

  load(session: string): GuardState | undefined {
    let text: string;
    try {
      text = readBounded(this.fileOf(session), MAX_FILE_BYTES).toString('utf8');
    } catch {
      return undefined;
    }
    try {
      return validState(JSON.parse(text));
    } catch {
      return undefined;
    }
  }

  /** Saves the state, or removes it (a clean turn). */
  save(session: string, state: GuardState | undefined): void {
    const file = this.fileOf(session);
    if (!state) {
      try {
        unlinkSync(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
      return;
    }
    mkdirSync(this.folder, { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(state), { mode: 0o600 });
    renameSync(temp, file);
    this.prune();
  }

  /** Drops the least recently written files beyond MAX_FILES. */
  private prune(): void {
    const names = readdirSync(this.folder).filter((n) => n.endsWith('.json'));
    if (names.length <= MAX_FILES) return;
    const dated = names.map((n) => {
      const path = join(this.folder, n);
      try {
        return { path, time: statSync(path).mtimeMs };
      } catch {
        return { path, time: 0 };
      }
    });
    dated.sort((a, b) => a.time - b.time);
    for (const { path } of dated.slice(0, dated.length - MAX_FILES)) {
      try {
        unlinkSync(path);
      } catch {
        // Another run removed it first.
      }
    }
  }
}

function validState(v: unknown): GuardState | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const s = v as Record<string, unknown>;
  if (typeof s.turn !== 'string' || typeof s.blocks !== 'number' || !Number.isInteger(s.blocks) || s.blocks < 0) return undefined;
  if (!Array.isArray(s.blocked) || !s.blocked.every((k) => typeof k === 'string')) return undefined;
  return { turn: s.turn, blocks: s.blocks, blocked: (s.blocked as string[]).slice(-MAX_REMEMBERED) };
}
