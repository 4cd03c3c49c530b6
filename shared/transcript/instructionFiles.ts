/**
 * The project instruction files a coding agent puts into its system prompt
 * when a session starts, found again on disk from the working directory its
 * log records. Logs omit that prompt, so a name the agent took from these
 * files looks invented unless they are read. They are read only inside the
 * folders the user allowed (the workspace, or the checked tree), never
 * written, and are the files as they are now, which may differ from what
 * the agent read then.
 *
 * Claude Code (https://docs.claude.com/en/docs/claude-code/memory): from the
 * working directory up to, not including, `/`, every `CLAUDE.md` and
 * `CLAUDE.local.md`, and the project memory `.claude/CLAUDE.md`.
 *
 * Codex (https://developers.openai.com/codex/guides/agents-md): from the
 * project root (the nearest folder holding `.git`; without one, the working
 * directory alone) down to the working directory, one file per folder,
 * `AGENTS.override.md` before `AGENTS.md`, together at most
 * `project_doc_max_bytes` (32 KiB by default); the rest was cut off.
 */
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { FILE_LIMITS } from '../io/boundedRead';
import type { AllowedFolders } from '../io/referenceReads';
import type { InstructionFiles } from './model';

export type InstructionAgent = InstructionFiles['agent'];

export interface InstructionFile {
  /** Absolute path, as the working directory spells it (the segment's `source`). */
  path: string;
  /** The file's text, or the prefix of it the agent was given. */
  text: string;
  /** How the file is named beside the working directory: `CLAUDE.md`, `../CLAUDE.md`. */
  name: string;
}

/** Files a Claude Code session loads from each folder, in the order it loads them. */
const CLAUDE_FILES = ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'];
/** Codex takes the first of these a folder has. */
const CODEX_FILES = ['AGENTS.override.md', 'AGENTS.md'];
/** Codex's default `project_doc_max_bytes`. */
const CODEX_MAX_BYTES = 32 * 1024;

/** The file names each agent loads into its system prompt, whatever folder they are in. */
export const INSTRUCTION_FILE_NAMES: Record<InstructionAgent, readonly string[]> = {
  'claude-code': [...new Set(CLAUDE_FILES.map((f) => f.slice(f.lastIndexOf('/') + 1)))],
  codex: CODEX_FILES,
};

/** The names each agent looks for, for messages. */
export const INSTRUCTION_NAMES: Record<InstructionAgent, string> = {
  'claude-code': CLAUDE_FILES.join(', '),
  codex: CODEX_FILES.join(', '),
};

/** The instruction files of a session started in `cwd`, with what was found. */
export function findInstructionFiles(agent: InstructionAgent, cwd: string, folders: AllowedFolders): { files: InstructionFile[]; found: InstructionFiles } {
  const found: InstructionFiles = { agent, cwd, read: [], notes: [] };
  const files: InstructionFile[] = [];
  // A Windows path in a log read on Linux (or the reverse) would resolve against the current directory.
  if (!isAbsolute(cwd)) {
    found.notes.push(`the working directory ${cwd} is not a path on this machine`);
    return { files, found };
  }
  const start = resolve(cwd);
  const place = folders.place(start);
  if (place !== 'inside') {
    found.notes.push(
      place === 'missing' ? `the working directory ${cwd} is not on this machine` : `the working directory ${cwd} is outside the folders groundcheck may read`,
    );
    return { files, found };
  }
  const walk = foldersUp(start, folders);
  const chain = agent === 'claude-code' ? walk.folders : codexChain(walk, folders);
  let budget = agent === 'codex' ? CODEX_MAX_BYTES : Number.POSITIVE_INFINITY;
  // Outermost first: the order the agent puts them in its prompt.
  for (let i = chain.length - 1; i >= 0 && budget > 0; i--) {
    const names = agent === 'claude-code' ? CLAUDE_FILES : firstPresent(chain[i], CODEX_FILES, folders);
    for (const name of names) {
      const path = join(chain[i], name);
      if (folders.place(path) === 'missing') continue;
      const read = folders.read(path, FILE_LIMITS.instructions);
      if (typeof read !== 'string') {
        found.notes.push(`${path}: ${read.notRead}`);
        continue;
      }
      const text = utf8Prefix(read, budget);
      budget -= utf8Length(text);
      if (text.length < read.length)
        found.notes.push(`${path} was cut at ${CODEX_MAX_BYTES} bytes in all, as Codex cuts instruction files (project_doc_max_bytes)`);
      // An empty file gives the agent nothing (Codex skips it).
      if (text.trim() === '') continue;
      files.push({ path, text, name: relative(start, path).split('\\').join('/') });
      found.read.push(path);
    }
  }
  return { files, found };
}

/** One sentence on what was read, for the context gap's message and the hover. */
export function describeInstructionFiles(found: InstructionFiles): string {
  const notes = found.notes.join('; ');
  if (found.read.length > 0) return `Instruction files read from disk: ${found.read.join(', ')}.${notes ? ` Not read: ${notes}.` : ''}`;
  if (notes) return `No instruction file was read: ${notes}.`;
  return `No instruction file (${INSTRUCTION_NAMES[found.agent]}) was found at ${found.cwd} or the folders above it that groundcheck may read.`;
}

/** `start` and the folders above it that are inside the allowed ones, nearest first; whether the walk reached the top of the disk. */
function foldersUp(start: string, folders: AllowedFolders): { folders: string[]; reachedTop: boolean } {
  const out: string[] = [];
  for (let dir = start; ; dir = dirname(dir)) {
    // The agents stop below the root of the disk.
    if (dirname(dir) === dir) return { folders: out, reachedTop: true };
    if (folders.place(dir) !== 'inside') return { folders: out, reachedTop: false };
    out.push(dir);
  }
}

/**
 * Codex's folders, nearest first: up to the nearest one holding `.git`.
 * Without one, only the working directory when the walk reached the top of
 * the disk; when it stopped at the edge of the allowed folders, the root may
 * lie beyond, so every folder walked counts (reading one file too many
 * grounds a name; one too few flags a true one).
 */
function codexChain(walk: { folders: string[]; reachedTop: boolean }, folders: AllowedFolders): string[] {
  const root = walk.folders.findIndex((dir) => folders.place(join(dir, '.git')) === 'inside');
  if (root >= 0) return walk.folders.slice(0, root + 1);
  return walk.reachedTop ? walk.folders.slice(0, 1) : walk.folders;
}

/** The first of `names` the folder has: Codex takes it even when empty, and no other. */
function firstPresent(dir: string, names: readonly string[], folders: AllowedFolders): string[] {
  const name = names.find((n) => folders.place(join(dir, n)) !== 'missing');
  return name === undefined ? [] : [name];
}

/** The longest prefix of `text` whose UTF-8 form fits in `bytes`, cut between characters. */
function utf8Prefix(text: string, bytes: number): string {
  if (bytes === Number.POSITIVE_INFINITY) return text;
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length;
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : pair ? 4 : 3;
    if (used + size > bytes) return text.slice(0, i);
    used += size;
    if (pair) i++;
  }
  return text;
}

function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
