/**
 * Flags an agent's turn writes alone, outside any command, with the file
 * whose options they are said to be: a summary's "Options: --parent, --src"
 * or "takes `--dry-run`" under a heading or on a line that names the file
 * (`links.py`). Which program such a flag belongs to is written nowhere but
 * in that file name, so a flag on a line or under a heading that names no
 * file, or several, has no owner here.
 *
 * A flag counts as alone when it is the whole of a backtick span (a value
 * placeholder may follow: `--icount <N>`, `--out=DIR`) or, in plain prose,
 * when what precedes it on its line is a list's punctuation (a bullet, a
 * colon, a comma, an opening parenthesis, "and", "or"), not a word that may
 * be a program ("runs git log --oneline").
 */
import type { Range } from '../../classifier/types';
import { codeFenceRanges } from '../../refine/claims';
import { RangeSet } from '../../refine/rangeSet';
import { isKnownExtension } from '../facts';

/** A flag written alone and the files its line, or else its section's heading, names. */
export interface LoneFlag {
  text: string;
  start: number;
  files: string[];
}

/** What separates the words of a heading or line when looking for file names in it. */
const WORD_BREAK = /[\s`*()[\],;:"'<>|]+/;
/** A path's characters. */
const PATH_WORD = /^[\w./-]+$/;
/** A long flag with the value placeholder a span may give after it. */
const SPAN_FLAG = /^(--[A-Za-z0-9][\w-]*)(?:[= ][^\s`]*)?$/;
/** A long flag in prose. */
const PROSE_FLAG = /(?<![\w-])--[A-Za-z0-9][\w-]*/g;
/** A list item's bullet, alone before a flag. */
const BULLET = /^\s*(?:[-*+]|\d+[.)])$/;
/** A conjunction that joins list items, ending the text before a flag. */
const CONJUNCTION = /\s(?:and|or|\/)$/;
/** An ATX heading. */
const HEADING = /^ {0,3}#{1,6}\s/;

/** The lone flags of `output` outside code fences, each with the file names that say whose it is. */
export function loneFlags(output: string): LoneFlag[] {
  const out: LoneFlag[] = [];
  const fences = new RangeSet(codeFenceRanges(output));
  let headingFiles: string[] = [];
  for (let at = 0; at <= output.length; ) {
    const nl = output.indexOf('\n', at);
    const end = nl === -1 ? output.length : nl;
    if (!fences.overlaps(at, end)) {
      const line = output.slice(at, end);
      if (HEADING.test(line)) headingFiles = fileNames(line);
      else if (line.includes('--')) for (const f of flagsOfLine(line, at)) out.push({ ...f, files: lineFiles(line, f.start - at) ?? headingFiles });
    }
    if (nl === -1) break;
    at = end + 1;
  }
  return out.filter((f) => f.files.length === 1);
}

/** Flags written alone on `line` (which starts at `offset` in the output). */
function flagsOfLine(line: string, offset: number): { text: string; start: number }[] {
  const out: { text: string; start: number }[] = [];
  const spans: Range[] = [];
  for (let at = line.indexOf('`'); at !== -1; ) {
    const close = line.indexOf('`', at + 1);
    if (close === -1) break;
    spans.push([at, close + 1]);
    const m = SPAN_FLAG.exec(line.slice(at + 1, close).trim());
    if (m && line[at + 1] === '-') out.push({ text: m[1], start: offset + at + 1 });
    at = line.indexOf('`', close + 1);
  }
  const inSpan = (i: number) => spans.some(([s, e]) => i >= s && i < e);
  for (const m of line.matchAll(PROSE_FLAG)) {
    if (inSpan(m.index) || !joinsList(line.slice(0, m.index).trimEnd())) continue;
    out.push({ text: m[0].replace(/-+$/, ''), start: offset + m.index });
  }
  return out;
}

/** Whether `before` (a line's text before a flag, trimmed) ends where a list of flags goes on: the line's start, a bullet, `:`, `,`, `(`, "and", "or". */
function joinsList(before: string): boolean {
  if (before === '' || ':,('.includes(before[before.length - 1])) return true;
  return BULLET.test(before) || CONJUNCTION.test(before);
}

/** The files the line names before position `i`, or undefined when it names none. */
function lineFiles(line: string, i: number): string[] | undefined {
  const names = fileNames(line.slice(0, i));
  return names.length > 0 ? names : undefined;
}

/** Distinct file names `text` writes, by their known extensions (`v1.2` is no file). */
function fileNames(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.split(WORD_BREAK)) {
    const word = raw.replace(/\.+$/, '');
    const dot = word.lastIndexOf('.');
    if (dot > 0 && PATH_WORD.test(word) && !word.endsWith('/') && isKnownExtension(word.slice(dot + 1).toLowerCase())) out.add(word);
  }
  return [...out];
}
