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
 * be a program ("runs git log --oneline"). A plain fence (no language, or
 * text) is prose laid out: its bulleted lines are read as prose too.
 *
 * A section is what follows an ATX heading; a line that is all bold
 * ("**Colors (from tailwind.config.js):**") labels what follows it, and the
 * file it names, if any, is the one meant until the next label or heading.
 */
import type { Range } from '../../classifier/types';
import { codeFenceRanges } from '../../refine/claims';
import { isKnownExtension } from '../facts';

/** A flag written alone and the files its line, or else its section's heading, names. */
export interface LoneFlag {
  text: string;
  start: number;
  files: string[];
  /** Written in a backtick span, or in prose (a list of them). */
  form: 'span' | 'prose';
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
/** A line that is all bold: a label of what follows. */
const LABEL = /^\s*\*\*[^*\n]+\*\*:?\s*$/;
/** Info strings of fences that hold prose laid out, not code. */
const PLAIN_FENCES = new Set(['', 'text', 'txt', 'plaintext']);
/** A bulleted line. */
const BULLETED = /^\s*[-*+]\s/;

/** The lone flags of `output`, each with the file names that say whose it is. */
export function loneFlags(output: string): LoneFlag[] {
  const out: LoneFlag[] = [];
  const fences = codeFenceRanges(output);
  let headingFiles: string[] = [];
  let sectionFiles: string[] = [];
  let f = 0;
  for (let at = 0; at <= output.length; ) {
    const nl = output.indexOf('\n', at);
    const end = nl === -1 ? output.length : nl;
    const line = output.slice(at, end);
    while (f < fences.length && fences[f][1] <= at) f++;
    const fence = f < fences.length && fences[f][0] < end ? fences[f] : undefined;
    if (fence) {
      if (at > fence[0] && line.includes('--') && BULLETED.test(line) && plainFence(output, fence))
        for (const flag of flagsOfLine(line, at, false)) out.push({ ...flag, files: sectionFiles });
    } else if (HEADING.test(line)) {
      headingFiles = fileNames(line);
      sectionFiles = headingFiles;
    } else if (LABEL.test(line)) {
      const named = fileNames(line);
      sectionFiles = named.length > 0 ? named : headingFiles;
    } else if (line.includes('--'))
      for (const flag of flagsOfLine(line, at, true)) out.push({ ...flag, files: lineFiles(line, flag.start - at) ?? sectionFiles });
    if (nl === -1) break;
    at = end + 1;
  }
  return out.filter((flag) => flag.files.length === 1);
}

/** Whether the fence `[start, end)` is plain: no language, or text. */
function plainFence(output: string, [start, end]: Range): boolean {
  const nl = output.indexOf('\n', start);
  const info = output
    .slice(start, nl === -1 || nl > end ? end : nl)
    .trim()
    .replace(/^[`~]+/, '')
    .trim()
    .toLowerCase();
  return PLAIN_FENCES.has(info);
}

/** Flags written alone on `line` (which starts at `offset` in the output). */
function flagsOfLine(line: string, offset: number, readSpans: boolean): Omit<LoneFlag, 'files'>[] {
  const out: Omit<LoneFlag, 'files'>[] = [];
  const spans: Range[] = [];
  for (let at = readSpans ? line.indexOf('`') : -1; at !== -1; ) {
    const close = line.indexOf('`', at + 1);
    if (close === -1) break;
    spans.push([at, close + 1]);
    const m = SPAN_FLAG.exec(line.slice(at + 1, close).trim());
    if (m && line[at + 1] === '-') out.push({ text: m[1], start: offset + at + 1, form: 'span' });
    at = line.indexOf('`', close + 1);
  }
  const inSpan = (i: number) => spans.some(([s, e]) => i >= s && i < e);
  for (const m of line.matchAll(PROSE_FLAG)) {
    if (inSpan(m.index) || !joinsList(line.slice(0, m.index).trimEnd())) continue;
    out.push({ text: m[0].replace(/-+$/, ''), start: offset + m.index, form: 'prose' });
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
