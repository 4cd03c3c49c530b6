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
/** How far back before a flag its list's punctuation is looked for: a bullet's indent, or " and ". */
const JOIN_REACH = 16;
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
    } else if (line.includes('--')) out.push(...withLineFiles(line, at, flagsOfLine(line, at, true), sectionFiles));
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
  let j = 0;
  for (const m of line.matchAll(PROSE_FLAG)) {
    while (j < spans.length && spans[j][1] <= m.index) j++;
    if ((j < spans.length && spans[j][0] <= m.index) || !joinsList(line.slice(Math.max(0, m.index - JOIN_REACH), m.index).trimEnd(), m.index <= JOIN_REACH))
      continue;
    out.push({ text: m[0].replace(/-+$/, ''), start: offset + m.index, form: 'prose' });
  }
  return out;
}

/**
 * Whether `before` (the end of a line's text before a flag, trimmed; `whole`
 * when it is all of it) ends where a list of flags goes on: the line's
 * start, a bullet, `:`, `,`, `(`, "and", "or".
 */
function joinsList(before: string, whole: boolean): boolean {
  if ((whole && before === '') || (before !== '' && ':,('.includes(before[before.length - 1]))) return true;
  return (whole && BULLET.test(before)) || CONJUNCTION.test(before);
}

/**
 * The flags of the line at `offset`, each with the files the line names
 * before it, or the section's when it names none there. One pass over the
 * line's words, flags taken in order.
 */
function withLineFiles(line: string, offset: number, flags: Omit<LoneFlag, 'files'>[], sectionFiles: string[]): LoneFlag[] {
  flags.sort((a, b) => a.start - b.start);
  const out: LoneFlag[] = [];
  // Two names are as many as several: the flag then has no one file.
  const named: string[] = [];
  const words = /[^\s`*()[\],;:"'<>|]+/g;
  let m = words.exec(line);
  for (const flag of flags) {
    // Words that end before the flag are what the line names before it.
    for (const rel = flag.start - offset; m && m.index + m[0].length <= rel; m = words.exec(line)) {
      const name = fileName(m[0]);
      if (name && named.length < 2 && !named.includes(name)) named.push(name);
    }
    out.push({ ...flag, files: named.length > 0 ? named.slice() : sectionFiles });
  }
  return out;
}

/** Distinct file names `text` writes, by their known extensions (`v1.2` is no file). */
function fileNames(text: string): string[] {
  const out = new Set<string>();
  for (const word of text.split(WORD_BREAK)) {
    const name = fileName(word);
    if (name) out.add(name);
  }
  return [...out];
}

/** The file name a word is, without a sentence's full stop, or undefined. */
function fileName(raw: string): string | undefined {
  const word = raw.replace(/\.+$/, '');
  const dot = word.lastIndexOf('.');
  return dot > 0 && PATH_WORD.test(word) && !word.endsWith('/') && isKnownExtension(word.slice(dot + 1).toLowerCase()) ? word : undefined;
}
