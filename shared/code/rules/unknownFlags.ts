/**
 * A long flag in a command an agent's turn gives (`minsky session update
 * --no-push-all`, in backticks or a shell block) that the program does not
 * take, where the session shows which options the program takes: the
 * project's own CLI whose source it read or wrote (commander, argparse,
 * click, clap, cobra, yargs definitions), or a program whose help output a
 * tool printed.
 *
 * Why only those programs: a third-party tool's flags are world knowledge
 * (`git log --reverse` exists although no session shows it), so their
 * absence from a session says nothing. A program whose option list the
 * session shows is different: a flag outside that list, which nothing in the
 * session spells either, is one the agent made up.
 *
 * A list says what a command takes only when it is that command's: a help
 * output describes its program and subcommand (a help that lists
 * subcommands does not give theirs); source definitions count for a program
 * the project declares (a manifest's `bin`, `prog=`, `.name()`) or runs as
 * a file (`./bin/tool`, `node dist/cli.js`), and for a subcommand the same
 * text defines; and the whole text of the file a command runs
 * (`python -m src.cli` runs `src/cli.py`) is that command's, whatever it
 * names its program. When no list is that command's, there is no verdict.
 *
 * A flag a summary writes alone ("Options: --parent, --src", "takes
 * `--dry-run`") belongs to no command; it is judged only by the whole source
 * of the one file its line, or else its section's heading, names (see
 * sectionFlags).
 */
import type { Entity, Range } from '../../classifier/types';
import type { ContextLookup } from '../../lookup/contextLookup';
import type { FindOptions } from '../../lookup/contextIndex';
import { codeFenceRanges, sentenceIndexAt, type OutputSentence } from '../../refine/claims';
import { RangeSet } from '../../refine/rangeSet';
import { commandProgram, pathNames, type OptionList } from '../facts';
import type { CodeSession } from './codeVerdicts';
import { reports } from './absentNames';
import { loneFlags } from './sectionFlags';

/** A word of a command and where it is in the output. */
interface Word {
  text: string;
  start: number;
}

/** Flags every command-line parser takes without defining them. */
const STANDARD_FLAGS = new Set(['--help', '--version']);
/** Fence info strings of shell commands; an unlabelled fence may be one too. */
const SHELL_FENCES = /^(?:|bash|sh|shell|zsh|console|shell-session|terminal|cmd|powershell|ps1|pwsh|fish)$/i;
/** `FOO=1` before a command sets its environment. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/**
 * Words before a flag written alone by which its sentence says the program
 * does not take it, or not yet ("does not support `--json`", "no longer
 * accepts", "next: `--json`"): such a flag is claimed to be absent.
 */
const NOT_TAKEN = /\b(?:not|never|no longer|without|unknown|unsupported|invalid|unrecognized|deprecated|removed?|dropped|next|later|future|planned)\b|n't\b/i;
/** Options named in a finding's detail. */
const DETAIL_OPTIONS = 8;
/** An abbreviation a parser expands must be at least this long (`--br` for `--branch`). */
const MIN_ABBREVIATION = 4;

/** Flags of commands in `output` that the program's shown option list lacks. */
export function unknownFlagClaims(
  output: string,
  sentences: readonly OutputSentence[],
  entities: readonly Entity[],
  index: ContextLookup,
  find: FindOptions,
  session: CodeSession | undefined,
): Entity[] {
  if (!session || !output.includes('--')) return [];
  const lists = session.view.optionLists();
  const declared = session.view.declaredPrograms();
  // Subcommands the project's source defines: a chain of them (`session update`) is shown when each link is.
  const defined = new Set<string>();
  for (const l of lists) if (l.kind === 'source') for (const c of l.commands) defined.add(c);
  const commands = lists.length === 0 ? [] : [...commandsIn(output), ...proseCommands(output, sentences, programsOf(lists, declared))];
  // A flag written alone (`--no-push`) may already be an entity; a command's whole span is not the flag's.
  const taken = new Set(entities.map((e) => `${e.span[0]}:${e.span[1]}`));
  const out: Entity[] = [];
  for (const flag of loneFlags(output)) {
    const own = runFileLists(lists, flag.files);
    const span: Range = [flag.start, flag.start + flag.text.length];
    // A custom property is named in a list of them, not in a span of its own that may be another program's flag.
    if ((own.length === 0 && flag.form !== 'prose') || taken.has(`${span[0]}:${span[1]}`)) continue;
    const sentence = sentenceIndexAt(sentences, flag.start);
    // A plain fence's list is prose laid out, though the sentence splitter calls it code.
    const kind = sentence === undefined ? 'claim' : sentences[sentence].kind;
    if ((kind !== 'claim' && kind !== 'code') || !reports(output, sentences, span)) continue;
    const lineStart = output.lastIndexOf('\n', flag.start - 1) + 1;
    const from = sentence === undefined ? lineStart : Math.max(lineStart, sentences[sentence].span[0]);
    if (NOT_TAKEN.test(output.slice(from, flag.start))) continue;
    const verdict =
      own.length > 0 ? judgeFlag(flag.text, span, own, flag.files[0], index, find) : judgeProperty(flag.text, span, flag.files[0], session, index, find);
    if (verdict) {
      out.push(verdict);
      taken.add(`${span[0]}:${span[1]}`);
    }
  }
  for (const words of commands) {
    const program = commandProgram(words.map((w) => w.text));
    if (!program) continue;
    const flags: Word[] = [];
    const operands: string[] = [];
    for (const w of words.slice(program.args)) {
      // What follows `--` is handed on to another program.
      if (w.text === '--') break;
      const flag = /^--[A-Za-z0-9][\w-]*/.exec(w.text);
      if (flag) flags.push({ text: flag[0].replace(/-+$/, ''), start: w.start });
      else if (!w.text.startsWith('-')) operands.push(w.text);
    }
    if (flags.length === 0) continue;
    const ran = runFileLists(lists, program.files);
    const sentence = sentenceIndexAt(sentences, flags[0].start);
    const kind = sentence === undefined ? 'claim' : sentences[sentence].kind;
    if (kind === 'question' || kind === 'hedge') continue;
    const own = lists.filter((l) => describes(l, program.program, program.local, operands, declared, defined) || ran.includes(l));
    if (own.length === 0) continue;
    // A file the command runs is named as the command names it (`python -m src.cli`), not by its package.
    const runner = program.local
      ? words
          .slice(0, program.args)
          .map((w) => w.text)
          .filter((w) => !ASSIGNMENT.test(w))
      : [program.program];
    const command = [...runner, ...commandPath(own, operands)].join(' ');
    for (const f of flags) {
      const span: Range = [f.start, f.start + f.text.length];
      if (taken.has(`${span[0]}:${span[1]}`)) continue;
      const verdict = judgeFlag(f.text, span, own, command, index, find);
      if (verdict) out.push(verdict);
    }
  }
  return out;
}

/**
 * The verdict on flag `name` at `span` against the option lists `own` of
 * `command`: grounded where a listed option the context spells is, unverified
 * where no list takes it and nothing before the turn spells it, none
 * otherwise (a form the parser derives, or a flag spelt elsewhere).
 */
function judgeFlag(name: string, span: Range, own: readonly OptionList[], command: string, index: ContextLookup, find: FindOptions): Entity | undefined {
  const known = new Set<string>();
  for (const l of own) for (const o of l.options) known.add(o);
  const negates = own.some((l) => l.negates);
  const seen = index.find(name, { ...find, strict: false, limit: 1, accept: undefined });
  const base = { text: name, normalized: name.toLowerCase(), type: 'identifier' as const, span, occurrences: [span], rule: 'unknown-flags' };
  if (takes(known, name, negates)) {
    // A listed option the context spells is grounded where it is spelt; a form the parser derives (`--no-x`, an abbreviation) is left alone.
    if (seen.length === 0 || !known.has(name)) return undefined;
    return {
      ...base,
      found: true,
      status: 'grounded',
      locations: seen.map((m) => [m.start, m.end] as Range),
      matches: seen,
      detail: `an option of ${command}`,
    };
  }
  if (seen.length > 0) return undefined;
  const listed = [...known].slice(0, DETAIL_OPTIONS).join(', ') + (known.size > DETAIL_OPTIONS ? ', …' : '');
  return {
    ...base,
    found: false,
    status: 'unverified',
    locations: [],
    matches: [],
    settled: true,
    detail: `the options the session shows for ${command} and the commands defined beside it (${listed}) do not include ${name}, and nothing before this turn spells it`,
  };
}

/**
 * The verdict on `name`, listed as one of the CSS custom properties of
 * `file`: unverified when the session showed that file whole, unedited
 * since, using custom properties (`var(--accent)`), and nothing before the
 * turn spells `name`. A custom property is the project's own name, never a
 * tool's, so its absence from the file and the session is a finding.
 */
function judgeProperty(name: string, span: Range, file: string, session: CodeSession, index: ContextLookup, find: FindOptions): Entity | undefined {
  const known = session.view.files(file);
  if (known.length !== 1) return undefined;
  const k = known[0];
  const count = k.lineCount();
  const shown = k.shownRanges();
  if (count === undefined || k.editedSinceShown() || shown.length !== 1 || shown[0][0] > 1 || shown[0][1] < count) return undefined;
  const usesProperties = k.linesWith('var').some(({ place }) => session.text(place.segment).slice(place.start, place.end).includes('var(--'));
  if (!usesProperties || index.find(name, { ...find, strict: false, limit: 1, accept: undefined }).length > 0) return undefined;
  return {
    text: name,
    normalized: name.toLowerCase(),
    type: 'identifier',
    span,
    occurrences: [span],
    rule: 'unknown-flags',
    found: false,
    status: 'unverified',
    locations: [],
    matches: [],
    settled: true,
    detail: `${k.name}, which the session showed whole, uses CSS custom properties and holds no ${name}, and nothing before this turn spells it`,
  };
}

/** Whether option list `l` is the one the command `program operands…` takes its options from. */
function describes(
  l: OptionList,
  program: string,
  local: boolean,
  operands: readonly string[],
  declared: ReadonlySet<string>,
  defined: ReadonlySet<string>,
): boolean {
  if (l.options.length === 0) return false;
  if (l.kind === 'help') {
    if (l.programs[0] !== program) return false;
    // A help for `tool sub` is not `tool other`'s; a help listing subcommands does not give their options.
    return l.path.every((p) => operands.includes(p)) && !operands.some((w) => l.commands.includes(w));
  }
  const named = l.programs.includes(program);
  if (!named && !declared.has(program) && !local) return false;
  // `tool a b --x` takes b's options when the text defines b and every word before it is a subcommand the session shows.
  for (let i = 0; i < operands.length && (i === 0 || defined.has(operands[i - 1])); i++) if (l.commands.includes(operands[i])) return true;
  // The text defines the program itself: its options are the program's when no subcommand is named.
  return named && (l.commands.length === 0 || operands.length === 0);
}

/**
 * The source lists of the file a command runs (`python -m src.cli` runs
 * `src/cli.py`): its options are the command's, whatever the file names its
 * program, once the session has shown the whole file (a partial read may
 * leave options out). None when it has not.
 */
function runFileLists(lists: readonly OptionList[], files: readonly string[] | undefined): OptionList[] {
  if (!files) return [];
  const of = lists.filter((l) => l.kind === 'source' && l.file !== undefined && files.some((f) => pathNames(f, l.file!) || pathNames(l.file!, f)));
  return of.some((l) => l.whole) ? of : [];
}

/**
 * Whether a parser with options `known` accepts `flag`: itself, its
 * negation (where the parser derives one) or positive form, or an
 * abbreviation of one.
 */
function takes(known: ReadonlySet<string>, flag: string, negates: boolean): boolean {
  if (known.has(flag) || STANDARD_FLAGS.has(flag)) return true;
  if (negates && flag.startsWith('--no-') && known.has(`--${flag.slice(5)}`)) return true;
  if (known.has(`--no-${flag.slice(2)}`)) return true;
  if (flag.length >= MIN_ABBREVIATION + 2) for (const o of known) if (o.startsWith(flag)) return true;
  return false;
}

/** The command's words up to the last subcommand the lists describe, for the finding's detail. */
function commandPath(lists: readonly OptionList[], operands: readonly string[]): string[] {
  const names = new Set<string>();
  for (const l of lists) for (const w of l.kind === 'help' ? l.path : l.commands) names.add(w);
  let last = -1;
  operands.forEach((w, i) => {
    if (names.has(w)) last = i;
  });
  return operands.slice(0, last + 1);
}

/**
 * The commands the output gives as code: each inline code span and each
 * line of a shell block, split at `&&`, `||`, `;` and `|`, as words with
 * their offsets. A block line's `$ ` prompt and trailing `# comment` are not
 * words.
 */
export function commandsIn(output: string): Word[][] {
  const out: Word[][] = [];
  const fences = codeFenceRanges(output);
  const inFence = new RangeSet(fences);
  for (const [start, end] of fences) {
    const firstLineEnd = output.indexOf('\n', start);
    if (firstLineEnd === -1 || firstLineEnd >= end) continue;
    const info = output
      .slice(start, firstLineEnd)
      .trim()
      .replace(/^[`~]+/, '')
      .trim();
    if (!SHELL_FENCES.test(info)) continue;
    for (let at = firstLineEnd + 1; at < end; ) {
      const nl = output.indexOf('\n', at);
      const lineEnd = nl === -1 || nl > end ? end : nl;
      let from = at;
      while (from < lineEnd && (output[from] === ' ' || output[from] === '\t')) from++;
      if (output.startsWith('$ ', from) || output.startsWith('> ', from)) from += 2;
      if (output[from] !== '#') out.push(...commandWords(output, from, lineEnd));
      at = lineEnd + 1;
    }
  }
  // Inline code spans: a backtick pair on one line, outside fences.
  for (let at = output.indexOf('`'); at !== -1; ) {
    if (inFence.overlaps(at, at + 1)) {
      at = output.indexOf('`', at + 1);
      continue;
    }
    let open = at;
    while (output[open + 1] === '`') open++;
    const close = output.indexOf('`', open + 1);
    const nl = output.indexOf('\n', open + 1);
    if (close === -1) break;
    if (nl !== -1 && nl < close) {
      at = output.indexOf('`', nl);
      continue;
    }
    out.push(...commandWords(output, open + 1, close));
    let after = close;
    while (output[after + 1] === '`') after++;
    at = output.indexOf('`', after + 1);
  }
  return out;
}

/** Programs whose options the session shows. */
function programsOf(lists: readonly OptionList[], declared: ReadonlySet<string>): Set<string> {
  const out = new Set(declared);
  for (const l of lists) for (const p of l.programs) out.add(p);
  return out;
}

/**
 * Commands written in prose ("- CLI: opk install with --dry-run"): from a
 * word that is a program whose options the session shows to the end of the
 * line, in a claim sentence, outside code. A flag after any other word is
 * not read: which program it belongs to is not written.
 */
function proseCommands(output: string, sentences: readonly OutputSentence[], programs: ReadonlySet<string>): Word[][] {
  if (programs.size === 0) return [];
  const out: Word[][] = [];
  const fences = new RangeSet(codeFenceRanges(output));
  for (let at = 0; at < output.length; ) {
    const nl = output.indexOf('\n', at);
    const end = nl === -1 ? output.length : nl;
    const line = output.slice(at, end);
    if (line.includes('--') && !line.includes('`') && !fences.overlaps(at, end)) {
      for (const words of commandWords(output, at, end, true)) {
        const k = words.findIndex((w) => programs.has(w.text));
        if (k === -1) continue;
        const sentence = sentenceIndexAt(sentences, words[k].start);
        if (sentence !== undefined && sentences[sentence].kind !== 'claim') continue;
        // Prose proposes more readily than a command does ("opk could take --dry-run").
        if (!reports(output, sentences, [words[k].start, end])) continue;
        out.push(words.slice(k));
      }
    }
    at = end + 1;
  }
  return out;
}

/**
 * The commands of `output[from, to)`: words split on blanks, outside
 * quotes; an operator ends a command. In prose (`alternatives`) a `|` with
 * no blank on either side joins a usage line's choices
 * (`--slicer slic3r|curaengine`), and does not pipe.
 */
function commandWords(output: string, from: number, to: number, alternatives = false): Word[][] {
  const commands: Word[][] = [];
  let words: Word[] = [];
  let i = from;
  while (i < to) {
    const c = output[i];
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#' && (i === from || output[i - 1] === ' ')) break;
    if (c === '&' || c === '|' || c === ';') {
      if (words.length > 0) commands.push(words);
      words = [];
      while (i < to && (output[i] === '&' || output[i] === '|' || output[i] === ';')) i++;
      continue;
    }
    const start = i;
    while (i < to && output[i] !== ' ' && output[i] !== '\t' && output[i] !== ';' && output[i] !== '&') {
      const q = output[i];
      if (q === '|') {
        if (!alternatives || i + 1 >= to || output[i + 1] === ' ' || output[i + 1] === '\t' || output[i + 1] === '|') break;
        i++;
      } else if (q === '"' || q === "'") {
        const close = output.indexOf(q, i + 1);
        i = close === -1 || close >= to ? to : close + 1;
      } else i++;
    }
    words.push({ text: output.slice(start, i), start });
  }
  if (words.length > 0) commands.push(words);
  return commands;
}
