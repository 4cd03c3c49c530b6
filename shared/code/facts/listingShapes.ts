/**
 * What a tool call's output shows of which file, read from the call itself:
 * a Read of `src/a.ts` from line 40, `nl -ba src/a.ts | sed -n '40,80p'`,
 * `rg -n foo src`, `wc -l src/a.ts`, a heredoc that wrote a file. The output
 * is then scanned knowing its shape (see lineGutters.ts).
 */
import { isKnownExtension } from './fileExtensions';
import { baseName, cleanPath } from './pathSpellings';
import { shellRewrites } from './shellRewrites';
import { parseArgv, parseShell, type Pipeline, type SimpleCommand } from './shellCommands';
import { boundedMemo } from '../../text/boundedMemo';

export type ListingShape =
  /** Every line carries its number in a gutter (`cat -n`, `nl -ba`, a Read, an edit snippet). */
  | { kind: 'numbered'; file: string; complete: boolean; upTo?: number }
  /** Unnumbered lines `from`…`to` of the file in order (`sed -n '40,80p'`, `head`, `cat`, a Cline read). */
  | { kind: 'lines'; file: string; from: number; to?: number; complete: boolean }
  /** `grep -n` / `rg -n` output: `path:12:text` lines, or `12:text` when one file was searched. */
  | { kind: 'grep'; file?: string }
  /** `wc -l file`: the output is the file's line count. */
  | { kind: 'count'; file: string }
  /**
   * A count the agent asked for (`grep -c select a.ts`, `rg foo | wc -l`,
   * `find . -name '*.ts' | wc -l`, Grep in count or files mode): what was
   * counted (`words` of the pattern, `noun` for the kind of thing) and the
   * command, to name in a message. `inContent`: the files counted are those
   * whose text holds the words (`grep -l`), so they count files, never the
   * things the words name.
   */
  | { kind: 'tally'; words: string[]; noun: TallyNoun; command: string; inContent?: true }
  /** `node -v`, `python --version`: the output is the program's version. */
  | { kind: 'version'; program: string }
  /**
   * A list of the files one folder holds, one per line (a Glob, `ls src/components`,
   * `find src -name '*.tsx'`): how many there are, counted by its lines, is a count of
   * those files. `folder` is the folder as the call wrote it, without a trailing slash.
   */
  | { kind: 'entries'; folder: string; command: string };

/**
 * What a count counts: matching lines or occurrences, files, a file's
 * lines, tests a runner reported, or what a change touched as git's
 * diffstat counts it (files changed, lines inserted and deleted).
 */
export type TallyNoun = 'matches' | 'files' | 'lines' | 'tests' | 'changed-files' | 'insertions' | 'deletions';

/** A file a call wrote in full (Write, a heredoc, `write_to_file`). */
export interface WrittenFile {
  file: string;
  content: string;
}

/** Tools that print files with numbered lines, by the names agents' logs give them. */
const READ_TOOLS = new Set(['Read', 'read_file', 'view', 'readFile', 'read']);
// biome-ignore format: a list of words or values reads best packed
const EDIT_TOOLS = new Set(['Edit', 'MultiEdit', 'NotebookEdit', 'str_replace_editor', 'str_replace_based_edit_tool', 'replace_in_file', 'edit_file', 'apply_diff']);
const WRITE_TOOLS = new Set(['Write', 'write_to_file', 'create_file', 'write_file']);
// biome-ignore format: a list of words or values reads best packed
const SHELL_TOOLS = new Set(['Bash', 'shell', 'exec_command', 'shell_command', 'local_shell', 'command', 'execute_command', 'run_terminal_cmd', 'container.exec']);
const GREP_TOOLS = new Set(['Grep', 'grep', 'search_files', 'grep_search']);
const GLOB_TOOLS = new Set(['Glob', 'glob']);

/** The file a call's input names (`file_path`, `path`, `notebook_path`, `filename`), if any. */
export function inputFile(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const o = input as Record<string, unknown>;
  for (const key of ['file_path', 'path', 'notebook_path', 'filename', 'target_file', 'absolute_path']) {
    if (typeof o[key] === 'string' && o[key] !== '') return o[key] as string;
  }
  return undefined;
}

/** The shell command a call ran, as pipelines, or undefined when it ran none. Callers read them and never change them. */
export function shellPipelines(name: string, input: unknown): Pipeline[] | undefined {
  if (!SHELL_TOOLS.has(name) && !name.endsWith('shell')) return undefined;
  if (typeof input === 'string') return parsedShell(input);
  if (typeof input !== 'object' || input === null) return undefined;
  const o = input as Record<string, unknown>;
  const command = o.command ?? o.cmd;
  if (typeof command === 'string') return parsedShell(command);
  if (Array.isArray(command) && command.every((a) => typeof a === 'string')) return parseArgv(command as string[]);
  return undefined;
}

/**
 * `parseShell` remembered: one call's command is asked for when the call is
 * read, and again by each question asked of its result (its listing shape,
 * whether it counts lines, wrote a file, printed a diff's figures), and each
 * parse built its words a character at a time.
 */
const parsedShell = boundedMemo(parseShell, 1024);

/**
 * Whether a shell call counts the lines of named files with `wc -l` (its
 * output is then `N path` per file), and nothing in it prints `N word`
 * lines of another kind (`uniq -c`).
 */
export function countsFileLines(name: string, input: unknown): boolean {
  const pipelines = shellPipelines(name, input);
  if (!pipelines) return false;
  const commands = pipelines.flat();
  if (commands.some((c) => commandName(c.argv[0]) === 'uniq')) return false;
  return commands.some((c) => {
    const n = commandName(c.argv[0]);
    const wc = n === 'wc' ? c.argv : n === 'xargs' ? c.argv.slice(c.argv.indexOf('wc')) : [];
    return wc[0] === 'wc' && hasFlag(wc, 'l');
  });
}

/** What the output of a call shows, or undefined when it is not a file listing we can read. */
export function listingShape(name: string, input: unknown): ListingShape | undefined {
  const file = inputFile(input);
  const o = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  if (READ_TOOLS.has(name) && file) {
    const ranged = o.offset !== undefined || o.limit !== undefined || o.view_range !== undefined || o.start_line !== undefined;
    return { kind: 'numbered', file, complete: !ranged };
  }
  if (EDIT_TOOLS.has(name) && file) return { kind: 'numbered', file, complete: false };
  if (GREP_TOOLS.has(name)) {
    const mode = o.output_mode;
    if ((mode === 'count' || mode === 'files_with_matches' || mode === undefined) && typeof o.pattern === 'string') {
      const shape = { kind: 'tally', words: patternWords(o.pattern), command: `Grep ${o.pattern}` } as const;
      return mode === 'count' ? { ...shape, noun: 'matches' } : { ...shape, noun: 'files', inContent: true };
    }
    return { kind: 'grep', ...(file && !o.glob ? { file } : {}) };
  }
  if (GLOB_TOOLS.has(name) && typeof o.pattern === 'string') {
    const folder = globFolder(typeof o.path === 'string' ? o.path : '', o.pattern);
    return folder === undefined ? undefined : { kind: 'entries', folder, command: `Glob ${o.pattern}` };
  }
  const pipelines = shellPipelines(name, input);
  return pipelines ? shellShape(pipelines, commandText(input)) : undefined;
}

function commandText(input: unknown): string {
  const o = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const c = o.command ?? o.cmd ?? input;
  const text = Array.isArray(c) ? String(c[c.length - 1]) : String(c);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** The words a search pattern looks for: `\.select\(` → `select`; `useState|useEffect` → both. */
export function patternWords(pattern: string): string[] {
  return [...new Set((pattern.toLowerCase().match(/[a-z][a-z0-9_]{2,}/g) ?? []).filter((w) => !REGEX_WORDS.has(w)))];
}

/** Regex class names that are not what a pattern searches for. */
const REGEX_WORDS = new Set(['alpha', 'digit', 'space', 'alnum', 'upper', 'lower', 'word', 'print', 'punct']);

/** The file a call wrote whole, with its content. */
export function writtenFile(name: string, input: unknown): WrittenFile | undefined {
  const o = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const file = inputFile(input);
  if (WRITE_TOOLS.has(name) && file) {
    const content = o.content ?? o.file_text ?? o.contents;
    if (typeof content === 'string') return { file, content };
  }
  const pipelines = shellPipelines(name, input);
  if (!pipelines) return undefined;
  for (const pipeline of pipelines) {
    for (const c of pipeline) {
      if (c.heredoc !== undefined && c.writes && (c.argv[0] === 'cat' || c.argv[0] === 'tee' || c.argv.length === 0)) {
        return { file: c.writes, content: c.heredoc };
      }
      if (c.heredoc !== undefined && c.argv[0] === 'tee' && c.argv.length >= 2) return { file: c.argv[c.argv.length - 1], content: c.heredoc };
    }
  }
  return undefined;
}

/**
 * The shape of a shell command's output: only when one pipeline prints
 * something (others may `cd`, `echo` separators or write files), since the
 * output of two listings run one after the other cannot be told apart.
 */
function shellShape(pipelines: Pipeline[], command: string): ListingShape | undefined {
  let shape: ListingShape | undefined;
  let printing = 0;
  for (const pipeline of pipelines) {
    const head = pipeline[0];
    if (!head || isSilent(head) || pipeline[pipeline.length - 1].writes) continue;
    printing++;
    shape = versionShape(pipeline) ?? tallyShape(pipeline, command) ?? entriesShape(pipeline, command) ?? pipelineShape(pipeline);
  }
  return printing === 1 ? shape : undefined;
}

/** `node -v`, `npx next --version`, `python3 --version`. */
function versionShape(pipeline: Pipeline): ListingShape | undefined {
  if (pipeline.length !== 1) return undefined;
  const argv = pipeline[0].argv[0] === 'npx' ? pipeline[0].argv.slice(1) : pipeline[0].argv;
  if (argv.length !== 2 || !['--version', '-v', '-V', 'version'].includes(argv[1])) return undefined;
  return { kind: 'version', program: commandName(argv[0]).replace(/\d+(?:\.\d+)*$/, '') };
}

/** A pipeline whose output is one count: `… | wc -l` after a search or listing, or `grep -c` on one file. */
function tallyShape(pipeline: Pipeline, command: string): ListingShape | undefined {
  const last = pipeline[pipeline.length - 1];
  const first = pipeline[0];
  const name = commandName(first.argv[0]);
  const searches = name === 'grep' || name === 'rg' || name === 'egrep' || name === 'git';
  if (pipeline.length > 1 && commandName(last.argv[0]) === 'wc' && hasFlag(last.argv, 'l') && operands(last.argv).length === 0) {
    const listing = name === 'find' || name === 'ls' || (name === 'git' && first.argv[1] === 'ls-files');
    const filesOnly = listing || (searches && (hasFlag(first.argv, 'l') || first.argv.includes('--files-with-matches')));
    const pattern = searches ? (operands(first.argv).find((a) => a !== 'grep') ?? '') : first.argv.slice(1).join(' ');
    if (!searches && !listing) return undefined;
    const shape = { kind: 'tally', words: patternWords(pattern), noun: filesOnly ? 'files' : 'matches', command } as const;
    return filesOnly && searches ? { ...shape, inContent: true } : shape;
  }
  if (pipeline.length === 1 && searches && (hasFlag(first.argv, 'c') || first.argv.includes('--count'))) {
    const ops = operands(first.argv);
    if (ops.length !== 2) return undefined;
    return { kind: 'tally', words: patternWords(ops[0]), noun: 'matches', command };
  }
  return undefined;
}

/** `find` predicates that keep its output a plain list of files: what it searches, how deep, for which names. */
const FIND_PREDICATES = new Set(['-name', '-iname', '-type', '-maxdepth', '-mindepth']);

/**
 * `ls src/components`, `ls -1 src/components`, `find src -maxdepth 1 -name '*.tsx'`:
 * one folder's files, one per line, nothing else printed. Other options
 * (`ls -l`, `find -exec`) print more than names, or act on the files.
 */
function entriesShape(pipeline: Pipeline, command: string): ListingShape | undefined {
  if (pipeline.length !== 1) return undefined;
  const argv = pipeline[0].argv;
  const name = commandName(argv[0]);
  if (name === 'ls') {
    const flags = argv.slice(1).filter((a) => a.startsWith('-'));
    const operand = argv.slice(1).filter((a) => !a.startsWith('-'));
    if (operand.length !== 1 || !flags.every((f) => /^-[1A]+$/.test(f))) return undefined;
    // `ls src/*.jsx` lists the folder's files of a kind; `ls src/app.py` names one file.
    const folder = hasWildcard(baseName(operand[0])) ? globFolder('', operand[0]) : namesFile(operand[0]) ? undefined : cleanPath(operand[0]);
    return folder === undefined || folder === '' ? undefined : { kind: 'entries', folder, command };
  }
  if (name !== 'find' || argv.length < 2 || argv[1].startsWith('-')) return undefined;
  for (let i = 2; i < argv.length; i += 2) {
    if (!FIND_PREDICATES.has(argv[i]) || argv[i + 1] === undefined) return undefined;
    if (argv[i] === '-type' && argv[i + 1] !== 'f') return undefined;
    // A name without a wildcard looks for one file, however many places hold it.
    if ((argv[i] === '-name' || argv[i] === '-iname') && !hasWildcard(argv[i + 1])) return undefined;
  }
  const folder = cleanPath(argv[1]);
  return hasWildcard(folder) ? undefined : { kind: 'entries', folder, command };
}

/**
 * The one folder a glob lists the files of (`src/components/ui/*`, `src/**\/*.tsx`
 * under `src`), joined to the search's own folder; undefined for a glob that names
 * one file (`lib/sections.ts`) or looks in many folders (`**\/components/*`).
 */
function globFolder(path: string, pattern: string): string | undefined {
  const segments = pattern.replace(/\\/g, '/').split('/');
  if (!hasWildcard(segments[segments.length - 1])) return undefined;
  segments.pop();
  while (segments.length > 0 && segments[segments.length - 1] === '**') segments.pop();
  if (segments.some(hasWildcard)) return undefined;
  const folder = [cleanPath(path), ...segments].filter((x) => x !== '' && x !== '.').join('/');
  return folder === '' ? undefined : folder;
}

function hasWildcard(text: string): boolean {
  return /[*?[{]/.test(text);
}

function isSilent(c: SimpleCommand): boolean {
  const name = c.argv[0];
  if (/^(?:set-location|push-location|sl)$/i.test(name ?? '')) return true;
  return name === 'cd' || name === 'export' || name === 'set' || name === 'source' || name === 'mkdir' || (c.writes !== undefined && c.heredoc !== undefined);
}

function pipelineShape(pipeline: Pipeline): ListingShape | undefined {
  const first = pipeline[0];
  const rest = pipeline.slice(1);
  const name = commandName(first.argv[0]);
  if (GET_CONTENT.has(name.toLowerCase())) return getContentShape(pipeline);
  const files = operands(first.argv);
  // Filters after a numbering command keep its numbers; any other stage would change what the lines are.
  const onlyLineFilters = rest.every((c) => isLineFilter(c));
  switch (name) {
    case 'cat':
      if (files.length !== 1 || !onlyLineFilters) return undefined;
      if (hasFlag(first.argv, 'n')) return numberedThrough(files[0], rest);
      if (rest.length === 0) return { kind: 'lines', file: files[0], from: 1, complete: true };
      return rangeOfFilter(rest[0], files[0]);
    case 'nl':
      if (files.length !== 1 || !onlyLineFilters) return undefined;
      return numberedThrough(files[0], rest);
    case 'sed': {
      if (rest.length > 0 || files.length !== 2 || !hasFlag(first.argv, 'n')) return undefined;
      const range = printRange(files[0]);
      return range ? { kind: 'lines', file: files[1], from: range[0], to: range[1], complete: false } : undefined;
    }
    case 'head': {
      if (rest.length > 0 || files.length !== 1) return undefined;
      return { kind: 'lines', file: files[0], from: 1, to: headCount(first.argv), complete: false };
    }
    case 'grep':
    case 'rg':
    case 'egrep': {
      if (!onlyLineFilters || !(hasFlag(first.argv, 'n') || first.argv.includes('--line-number'))) return undefined;
      const paths = files.slice(1);
      // rg searches a folder recursively and then names each file; given one file, it prints bare line numbers as grep does.
      const recursive = (name === 'rg' && !(paths.length === 1 && namesFile(paths[0]))) || hasFlag(first.argv, 'r') || hasFlag(first.argv, 'R');
      const single = paths.length === 1 && !recursive && !paths[0].includes('*');
      return { kind: 'grep', ...(single ? { file: paths[0] } : {}) };
    }
    case 'wc':
      // A glob (`wc -l src/*.py`) names many files, each on a line of its own (see fileLineCounts.ts).
      return rest.length === 0 && files.length === 1 && !/[*?[]/.test(files[0]) && hasFlag(first.argv, 'l') ? { kind: 'count', file: files[0] } : undefined;
    default:
      return undefined;
  }
}

/** PowerShell's command that prints a file, and its aliases (`cat` is one, read as the POSIX `cat` above). */
const GET_CONTENT = new Set(['get-content', 'gc']);

/** Get-Content's parameters that take the next word as their value. */
const GET_CONTENT_VALUES = new Set(['-path', '-literalpath', '-encoding', '-totalcount', '-head', '-first', '-tail', '-last', '-delimiter', '-readcount']);

/**
 * `Get-Content -Raw a.md`, `gc a.md -TotalCount 40`, `Get-Content a.md |
 * Select-Object -Skip 100 -First 50`: the file's lines from the first, or the
 * range kept, unnumbered. Its last lines (`-Tail`) start where nothing says.
 */
function getContentShape(pipeline: Pipeline): ListingShape | undefined {
  const argv = pipeline[0].argv;
  const files: string[] = [];
  let first: number | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i].toLowerCase();
    if (a === '-tail' || a === '-last' || a === '-wait' || a === '-stream') return undefined;
    if (GET_CONTENT_VALUES.has(a)) {
      const value = argv[++i] ?? '';
      if (a === '-path' || a === '-literalpath') files.push(value);
      else if ((a === '-totalcount' || a === '-head' || a === '-first') && /^\d{1,7}$/.test(value)) first = Number(value);
      continue;
    }
    if (a.startsWith('-')) continue;
    files.push(argv[i]);
  }
  if (files.length !== 1 || /[*?]/.test(files[0])) return undefined;
  let from = 1;
  let to = first;
  for (const c of pipeline.slice(1)) {
    const kept = selectedRange(c);
    if (!kept) return undefined;
    from += kept.skip;
    if (to !== undefined) to = Math.min(to, from + (kept.first ?? to) - 1);
    else if (kept.first !== undefined) to = from + kept.first - 1;
  }
  const whole = from === 1 && to === undefined;
  return { kind: 'lines', file: files[0], from, ...(to !== undefined ? { to } : {}), complete: whole };
}

/** `Select-Object -Skip 100 -First 50` (or `select`): the lines it keeps; undefined for any other stage. */
function selectedRange(c: SimpleCommand): { skip: number; first?: number } | undefined {
  const name = commandName(c.argv[0]).toLowerCase();
  if (name !== 'select-object' && name !== 'select') return undefined;
  let skip = 0;
  let first: number | undefined;
  for (let i = 1; i < c.argv.length; i++) {
    const a = c.argv[i].toLowerCase();
    const value = c.argv[i + 1] ?? '';
    if (!/^\d{1,7}$/.test(value)) return undefined;
    if (a === '-skip') skip = Number(value);
    else if (a === '-first') first = Number(value);
    else return undefined;
    i++;
  }
  return { skip, ...(first !== undefined ? { first } : {}) };
}

/** A path whose last part has a known file extension (`src/app.js`): a file, not a folder to search. */
function namesFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && isKnownExtension(name.slice(dot + 1).toLowerCase());
}

function commandName(argv0: string | undefined): string {
  return (argv0 ?? '').replace(/^.*\//, '');
}

/** Short options that take the next word as their value, per command. */
const VALUE_FLAGS: Record<string, string> = {
  grep: 'ABCmef',
  egrep: 'ABCmef',
  rg: 'ABCmefgtT',
  head: 'nc',
  tail: 'nc',
  nl: 'bdfhilnsvw',
  sed: 'ef',
  wc: '',
  cat: '',
};
/** Long options that take the next word as their value when not written `--opt=value`. */
const VALUE_LONG = new Set(['--max-count', '--context', '--after-context', '--before-context', '--regexp', '--file', '--glob', '--type', '--iglob', '--lines']);

/** Arguments that are not options (`-n`, `--color=never`), in order; the first is the command's pattern or script where it takes one. */
function operands(argv: string[]): string[] {
  const valueFlags = VALUE_FLAGS[commandName(argv[0])] ?? '';
  const out: string[] = [];
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      out.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      if (VALUE_LONG.has(a)) i++;
      continue;
    }
    if (a.startsWith('-') && a.length > 1 && !/^-\d/.test(a)) {
      // `-n 5` takes the next word; `-n5` and `-rn` carry their own.
      const last = a[a.length - 1];
      if (valueFlags.includes(last) && /^-[A-Za-z]+$/.test(a)) i++;
      continue;
    }
    if (/^-\d+$/.test(a)) continue;
    out.push(a);
  }
  return out;
}

/** Whether a short flag letter is set (`-n`, `-rn`, `-ba` has no `n`). */
function hasFlag(argv: string[], letter: string): boolean {
  return argv.slice(1).some((a) => /^-[A-Za-z]+$/.test(a) && a.includes(letter));
}

function isLineFilter(c: SimpleCommand): boolean {
  const name = commandName(c.argv[0]);
  return (name === 'sed' && hasFlag(c.argv, 'n') && operands(c.argv).length === 1) || name === 'head' || name === 'tail';
}

/** `sed -n '40,80p'` after `cat`: the lines it keeps, unnumbered. */
function rangeOfFilter(c: SimpleCommand, file: string): ListingShape | undefined {
  const name = commandName(c.argv[0]);
  if (name === 'head') return { kind: 'lines', file, from: 1, to: headCount(c.argv), complete: false };
  if (name !== 'sed') return undefined;
  const range = printRange(operands(c.argv)[0] ?? '');
  return range ? { kind: 'lines', file, from: range[0], to: range[1], complete: false } : undefined;
}

/**
 * A numbering command's listing, whole without filters; with `sed -n '1,40p'`
 * or `head -40` after it, the lines up to that one, which are the whole file
 * if fewer came back.
 */
function numberedThrough(file: string, filters: readonly SimpleCommand[]): ListingShape {
  if (filters.length === 0) return { kind: 'numbered', file, complete: true };
  const kept = filters.length === 1 ? rangeOfFilter(filters[0], file) : undefined;
  const upTo = kept?.kind === 'lines' && kept.from === 1 ? kept.to : undefined;
  return { kind: 'numbered', file, complete: false, ...(upTo !== undefined ? { upTo } : {}) };
}

/** `40,80p` → [40, 80]; `12p` → [12, 12]; anything else undefined. */
function printRange(script: string): [number, number] | undefined {
  const m = /^(\d{1,7})(?:,(\d{1,7}))?p$/.exec(script.trim());
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  return from >= 1 && to >= from ? [from, to] : undefined;
}

function headCount(argv: string[]): number {
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if ((a === '-n' || a === '--lines') && /^\d+$/.test(argv[i + 1] ?? '')) return Number(argv[i + 1]);
    const m = /^-n?(\d+)$/.exec(a) ?? /^--lines=(\d+)$/.exec(a);
    if (m) return Number(m[1]);
  }
  return 10;
}

/** Tools that only read: a listing made before them still says what the folder holds. */
// biome-ignore format: a list of words or values reads best packed
const READING_TOOLS = new Set([
  'Read', 'Grep', 'Glob', 'LS', 'WebFetch', 'WebSearch', 'TodoWrite', 'TodoRead', 'NotebookRead', 'BashOutput',
  'read_file', 'list_dir', 'list_files', 'grep_files', 'search_files', 'view', 'view_image', 'web_search', 'update_plan',
]);

/**
 * Whether a tool call may have changed files: any that is not known to only
 * read. A command is read as shellRewrites reads it: one that only prints
 * changes nothing, and anything else (a package manager, a generator, a
 * script) may write where it names nothing; so may a tool the list does not know.
 */
export function mayChangeFiles(name: string, input: unknown): boolean {
  if (READING_TOOLS.has(name)) return false;
  const pipelines = shellPipelines(name, input);
  if (!pipelines) return true;
  const rewrites = shellRewrites(pipelines);
  return rewrites.all || rewrites.words.length > 0;
}
