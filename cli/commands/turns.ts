/**
 * `groundcheck turns FILE [--json] [--echo]`: how groundcheck reads a file.
 * One row per segment (role, label, line, raw range, parent, whether it is
 * checked, and for outputs the segments that form its context and the gaps
 * that make it incomplete), then parse errors as `file:line: message`. The
 * view to open when a verdict looks wrong and the question is "what did it
 * think the model saw?".
 */
import { FileRefused, readBounded } from '../../shared/io/boundedRead';
import { DEFAULT_SETTINGS } from '../../shared/protocol/settings';
import { cliProjectFolders, cliReferenceReader } from '../check/checkTarget';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { ContextGap, Range } from '../../shared/classifier/types';
import { canGround, causalForest } from '../../shared/transcript/causalContext';
import { isNotTranscript, parseTranscript } from '../../shared/transcript/detect';
import type { Role, Transcript } from '../../shared/transcript/model';
import { counted } from '../../shared/text/counted';
import { visibleControls } from '../terminal/visibleControls';

export interface TurnsOptions {
  json?: boolean;
  /** Count earlier model-written text as context (as `check --echo` would). */
  echo?: boolean;
  /** Read referenced files outside the file's folder and the working directory (as `check --allow-outside-refs`). */
  allowOutsideRefs?: boolean;
}

export interface SegmentRow {
  id: number;
  role: Role;
  label?: string;
  /** 1-based line where the segment starts. */
  line: number;
  rawRange: Range;
  /** -1 at a root. */
  parent: number;
  isOutput: boolean;
  /** The first characters of the decoded text, newlines shown as ⏎. */
  preview: string;
  length: number;
  /**
   * For outputs: the nearest output above this one, whose context this
   * one's begins with. Absent when no output is above it.
   */
  contextAfter?: number;
  /**
   * For outputs: the context's segments beyond `contextAfter`'s context,
   * oldest first (the whole context when there is no `contextAfter`).
   * Listing every output's whole context would grow with the square of a
   * session's length.
   */
  contextAdded?: number[];
  /** For outputs: how many segments the whole context has. */
  contextSize?: number;
  gaps?: ContextGap[];
  source?: string;
}

export interface TurnsReport {
  file: string;
  format: string;
  segments: SegmentRow[];
  /** Gaps that hold for the whole file. */
  gaps: ContextGap[];
  errors: { line: number; message: string; rawRange: Range }[];
}

export interface TurnsIo {
  out(text: string): void;
  err(text: string): void;
}

const PREVIEW_LENGTH = 60;
const CONTEXT_IDS_SHOWN = 16;

/** Runs the command; returns the exit code (2: unreadable file or not a transcript). */
export function runTurns(file: string, options: TurnsOptions, io: TurnsIo): number {
  let bytes: Uint8Array;
  try {
    bytes = readBounded(resolve(file), DEFAULT_SETTINGS.maxFileSizeMB * 1024 * 1024);
  } catch (err) {
    io.err(`groundcheck turns: cannot read ${file}: ${readFailure(err)}`);
    return 2;
  }
  // Decoded as `check` decodes, BOM kept, so both give the same raw ranges.
  const raw = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8');
  const path = resolve(file);
  const scope = { cwd: process.cwd(), anywhere: options.allowOutsideRefs === true };
  const parsed = parseTranscript({ raw, path, bytes, readFile: cliReferenceReader(path, scope), projectFolders: cliProjectFolders(path, scope) });
  if (isNotTranscript(parsed)) {
    io.err(`groundcheck turns: ${file}: ${parsed.reason}`);
    return 2;
  }
  const report = turnsReport(file, parsed, options.echo === true);
  io.out(options.json ? JSON.stringify(report, null, 2) : formatTurns(report));
  return 0;
}

export function turnsReport(file: string, t: Transcript, echo: boolean): TurnsReport {
  const contexts = outputContexts(t, echo);
  return {
    file,
    format: t.format,
    segments: t.segments.map((s, id) => {
      const row: SegmentRow = {
        id,
        role: s.role,
        label: s.label,
        line: s.line + 1,
        rawRange: [s.map.toRaw(0), s.map.toRaw(s.text.length)],
        parent: s.parent,
        isOutput: s.isOutput,
        preview: preview(s.text),
        length: s.text.length,
      };
      if (s.source !== undefined) row.source = s.source;
      const context = contexts.get(id);
      if (context) {
        if (context.after !== -1) row.contextAfter = context.after;
        row.contextAdded = context.added;
        row.contextSize = context.size;
        if (s.gaps && s.gaps.length > 0) row.gaps = s.gaps;
      }
      return row;
    }),
    gaps: t.gaps,
    errors: t.errors.map((e) => ({ line: e.line + 1, message: e.message, rawRange: e.rawRange })),
  };
}

/** The table for a terminal; what comes from the file (names, labels, text, messages) has its controls made visible. */
export function formatTurns(r: TurnsReport): string {
  const outputs = r.segments.filter((s) => s.isOutput).length;
  const file = visibleControls(r.file);
  const lines: string[] = [
    `${file}: ${r.format}, ${counted(r.segments.length, 'segment')} (${counted(outputs, 'output')}), ${counted(r.errors.length, 'parse error')}`,
  ];
  for (const g of r.gaps) lines.push(`  context incomplete for every output: ${visibleControls(g.message)} [${g.code}]`);
  if (r.segments.length > 0) {
    const header = ['id', 'role', 'line', 'raw range', 'parent', 'label', 'text'];
    const rows = r.segments.map((s) => [
      String(s.id),
      s.isOutput ? `${s.role} ✓` : s.role,
      String(s.line),
      `${s.rawRange[0]}-${s.rawRange[1]}`,
      s.parent === -1 ? '-' : String(s.parent),
      visibleControls(s.label ?? ''),
      visibleControls(s.preview),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const pad = (cells: string[]) =>
      cells
        .map((c, i) => (i === cells.length - 1 ? c : i === 0 || i === 2 || i === 4 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
        .join('  ')
        .trimEnd();
    lines.push('', pad(header));
    // File-wide gaps are said once above; under each output only its own.
    const fileWide = new Set(r.gaps.map(gapKey));
    r.segments.forEach((s, k) => {
      lines.push(pad(rows[k]));
      const indent = ' '.repeat(widths[0] + 2);
      if (s.contextAdded) lines.push(`${indent}context: ${describeContext(s)}`);
      for (const g of s.gaps ?? []) if (!fileWide.has(gapKey(g))) lines.push(`${indent}gap: ${visibleControls(g.message)} [${g.code}]`);
    });
  }
  if (r.errors.length > 0) lines.push('');
  for (const e of r.errors) lines.push(`${file}:${e.line}: ${visibleControls(e.message)}`);
  return lines.join('\n');
}

/** Commander wiring: `groundcheck turns FILE [--json] [--echo]`. */
export function registerTurns(program: Command): void {
  program
    .command('turns')
    .description('Show how a file is read as a transcript: segments, roles, raw ranges, each output’s context and gaps.')
    .argument('<file>', 'transcript or RAG fixture')
    .option('--json', 'print JSON instead of a table')
    .option('--echo', 'count earlier model-written text as context')
    .option(
      '--allow-outside-refs',
      "read files it refers to (promptfoo file://, a session's CLAUDE.md or AGENTS.md) outside its folder and the working directory",
    )
    .action((file: string, options: TurnsOptions) => {
      process.exitCode = runTurns(file, options, {
        out: (text) => process.stdout.write(`${text}\n`),
        err: (text) => process.stderr.write(`${visibleControls(text)}\n`),
      });
    });
}

function readFailure(err: unknown): string {
  if (err instanceof FileRefused) return err.reason;
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return err instanceof Error ? err.message : String(err);
}

function preview(text: string): string {
  const head = text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH)}…` : text;
  // A lone CR is a line break too, and one left at the cut is the first half of a CRLF.
  return head.replace(/\r\n|\r|\n/g, '⏎').replace(/\t/g, ' ');
}

/**
 * Each output's context as the nearest output above it and what lies
 * between them: an output's context is its grounding ancestors, so it is
 * the context of the output above it plus the segments since (that output
 * too, when model-written text counts). Walks stop at the first output
 * above, so the whole report is linear in the session.
 */
function outputContexts(t: Transcript, echo: boolean): Map<number, { after: number; added: number[]; size: number }> {
  const parentOf = causalForest(t).parentOf;
  const options = { echo };
  const out = new Map<number, { after: number; added: number[]; size: number }>();
  const pending: number[] = [];
  for (let id = 0; id < t.segments.length; id++) {
    if (!t.segments[id].isOutput) continue;
    const added: number[] = [];
    let p = parentOf[id];
    for (; p !== -1; p = parentOf[p]) {
      if (canGround(t.segments[p], options)) added.push(p);
      if (t.segments[p].isOutput) break;
    }
    out.set(id, { after: p, added: added.reverse(), size: -1 });
    pending.push(id);
  }
  // Sizes add up along each chain of outputs; the output above may come later in the file (unordered spans).
  for (const id of pending) {
    const chain: number[] = [];
    for (let k = id; k !== -1 && out.get(k)!.size === -1; k = out.get(k)!.after) chain.push(k);
    for (let i = chain.length - 1; i >= 0; i--) {
      const c = out.get(chain[i])!;
      c.size = (c.after === -1 ? 0 : out.get(c.after)!.size) + c.added.length;
    }
  }
  return out;
}

/** `0-2 (3 segments)`, or `that of 12, and 14-15 (40 segments)` when it extends another output's. */
function describeContext(s: SegmentRow): string {
  const added = s.contextAdded ?? [];
  const size = `(${counted(s.contextSize ?? added.length, 'segment')})`;
  if (s.contextAfter === undefined) return `${describeIds(added)} ${size}`;
  return `that of ${s.contextAfter}${added.length > 0 ? `, and ${describeIds(added)}` : ''} ${size}`;
}

/** `0, 1, 3-6, 9` with long lists cut, so a 2,000-turn session stays readable. */
function describeIds(ids: readonly number[]): string {
  if (ids.length === 0) return 'none';
  const runs: string[] = [];
  let start = ids[0];
  let prev = ids[0];
  for (let k = 1; k <= ids.length; k++) {
    const id = ids[k];
    if (k < ids.length && id === prev + 1) {
      prev = id;
      continue;
    }
    runs.push(start === prev ? String(start) : `${start}-${prev}`);
    start = prev = id;
  }
  const shown = runs.length > CONTEXT_IDS_SHOWN ? [...runs.slice(0, CONTEXT_IDS_SHOWN), `… ${runs.length - CONTEXT_IDS_SHOWN} more runs`] : runs;
  return shown.join(', ');
}

function gapKey(g: ContextGap): string {
  return `${g.code}\u0000${g.message}`;
}
