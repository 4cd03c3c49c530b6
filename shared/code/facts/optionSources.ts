/**
 * The command-line options a program's source defines, as a session shows
 * that source (a file read, a file the agent wrote or patched): commander's
 * `.option('-b, --branch <b>')`, argparse's `add_argument('--branch')`,
 * click's and typer's `option('--branch')`, clap's `#[arg(long)]` on a field,
 * cobra's `Flags().String("branch", …)`, Go's `flag.String("branch", …)`,
 * yargs' `.option('branch', {…})`; with the subcommands the same text
 * defines (`.command('update')`, `add_parser('update')`, `Use: "update"`)
 * and the program names it declares (`prog="opk"`, `.name('minsky')`, a
 * manifest's `bin` or `[project.scripts]`).
 *
 * Every pattern is anchored on a literal found in one pass and reads a
 * bounded stretch after it, so a text is read in time linear in its length.
 */

export interface OptionSource {
  /** Long options, with their dashes (`--branch`). */
  options: string[];
  /** Subcommands the text defines: its options are theirs or their parent's. */
  commands: string[];
  /** Program names the text declares for itself. */
  programs: string[];
  /**
   * Whether its parser also takes `--no-x` for an option `--x` it defines:
   * yargs does for every option, argparse's `BooleanOptionalAction` and
   * typer's boolean options do; commander, click, clap, cobra and Go's flag
   * take only what the text spells.
   */
  negates: boolean;
}

/** Parsers that derive a `--no-x` the text never spells. */
const NEGATING_PARSERS = /yargs|BooleanOptionalAction|typer/;

/** Farthest an option call's arguments are read. */
const CALL_REACH = 400;
/** Farthest a field is looked for after a clap attribute. */
const FIELD_REACH = 600;

/**
 * Every construct read, found in one pass over the text: option calls
 * (commander, argparse, click, typer, yargs), Go and clap flags, subcommand
 * definitions and program names. A longer anchor comes before the shorter
 * one it contains, so each place is read once.
 */
const ANCHORS =
  /\.option\(|option\(|Option\(|add_argument\(|Flags\(\)\.|flag\.|\.long\(|#\[(?:arg|clap|structopt|command)\(|\.command\(|new Command\(|add_parser\(|\.subcommand\(|Command::new\(|Use:|prog ?=|\.name\(/g;
/** Where a manifest declares programs. */
const MANIFEST_ANCHORS = /"bin"|\[project\.scripts\]|\[tool\.poetry\.scripts\]|console_scripts|\[\[bin\]\]/g;
/**
 * Text that `optionSource` or `declaredPrograms` can read anything from holds
 * one of these: every anchor above contains one of them (`ption(` is in
 * every option call, `ommand` in every subcommand anchor). Why a gate: those
 * two scans try some twenty anchors at every unit of every text a session
 * reads, and most texts (logs, test runs, prose files) hold none; one
 * search for a few rarer pieces, stopping at the first, rules such a text
 * out in a third of the time. A text it lets through is read as before.
 */
const MAY_DEFINE =
  /ption\(|add_(?:argument|parser)\(|lags\(\)\.|flag\.|\.long\(|#\[|ommand|Use:|prog ?=|\.name\(|"bin"|\[project\.scripts\]|\[tool\.poetry\.scripts\]|console_scripts|\[\[bin\]\]/;
/** A Go flag call's method and first string argument, read after its anchor (`Flags().StringVarP(&x, "branch"`). */
const GO_FLAG = /^[A-Z]\w{0,30}\(\s*(?:&[\w.[\]]{1,80}\s*,\s*)?"([A-Za-z][\w-]{0,60})"/;

/** False when `text` can define no option, subcommand or program: `optionSource` is then undefined and `declaredPrograms` empty. */
export function mayDefineOptions(text: string): boolean {
  return MAY_DEFINE.test(text);
}

/** The options, subcommands and program names `text` defines, or undefined when it defines neither an option nor a subcommand. */
export function optionSource(text: string): OptionSource | undefined {
  const options = new Set<string>();
  const commands = new Set<string>();
  const programs = new Set<string>();
  let negates = false;
  for (const m of text.matchAll(ANCHORS)) {
    const anchor = m[0];
    const from = m.index + anchor.length;
    const rest = () => text.slice(from, from + CALL_REACH);
    switch (anchor) {
      case '.option(': {
        const args = callArguments(text, from);
        quotedLongOptions(args, options);
        if (yargsOption(args, options)) negates = true;
        break;
      }
      case 'option(':
      case 'Option(':
      case 'add_argument(':
        quotedLongOptions(callArguments(text, from), options);
        break;
      case 'Flags().':
      case 'flag.':
        addDashed(GO_FLAG.exec(rest())?.[1], options);
        break;
      case '.long(':
        // clap's builder: `Arg::new("x").long("x")`.
        addDashed(/^\s*"([A-Za-z][\w-]{0,60})"/.exec(rest())?.[1], options);
        break;
      case '#[arg(':
      case '#[structopt(':
        clapField(text, from, options);
        break;
      case '#[clap(':
      case '#[command(': {
        if (anchor === '#[clap(') clapField(text, from, options);
        // clap's `#[command(name = "exec")]`.
        const name = /(?<![\w-])name\s*=\s*(.*)$/s.exec(callArguments(text, from));
        if (name) addFirstQuoted(name[1], commands);
        break;
      }
      case 'Use:':
        addFirstQuoted(rest(), commands);
        break;
      case 'prog=':
      case 'prog =':
      case '.name(':
        addFirstQuoted(rest(), programs);
        break;
      default:
        addFirstQuoted(callArguments(text, from), commands);
    }
  }
  // A text that defines only subcommands (`new Command("session").addCommand(…)`) still shows how they nest.
  if (options.size === 0 && commands.size === 0) return undefined;
  return { options: [...options], commands: [...commands], programs: [...programs], negates: negates || NEGATING_PARSERS.test(text) };
}

/**
 * Program names a project manifest declares: `package.json`'s `bin` (its
 * keys, or the package's name for a single entry), `[project.scripts]` and
 * `[tool.poetry.scripts]`, setuptools' `console_scripts`, Cargo's `[[bin]]`.
 */
export function declaredPrograms(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(MANIFEST_ANCHORS)) {
    const from = m.index + m[0].length;
    const rest = text.slice(from, from + CALL_REACH);
    if (m[0] === '"bin"') binEntries(text, rest, out);
    else if (m[0] === 'console_scripts') for (const e of rest.matchAll(/["']\s*([\w.-]{1,80})\s*=\s*[\w.]+:\w+/g)) out.add(e[1]);
    else {
      // A TOML table: its lines up to the next table.
      const key = m[0] === '[[bin]]' ? /^\s*name\s*=\s*"([\w.-]{1,80})"/ : /^\s*"?([\w.-]{1,80})"?\s*=/;
      for (const line of rest.split('\n').slice(1)) {
        if (line.trimStart().startsWith('[')) break;
        const k = key.exec(line);
        if (k) out.add(k[1]);
      }
    }
  }
  return [...out];
}

/** `"bin": { "tool": "./cli.js" }` names its programs; `"bin": "./cli.js"` installs one under the package's name. */
function binEntries(text: string, rest: string, out: Set<string>): void {
  const m = /^\s*:\s*(?:"[^"\n]*"|\{([^{}]{0,1000})\})/.exec(rest);
  if (!m) return;
  if (m[1] !== undefined) {
    for (const k of m[1].matchAll(/"([\w.@/-]{1,80})"\s*:/g)) out.add(unscoped(k[1]));
    return;
  }
  const name = /"name"\s*:\s*"([\w.@/-]{1,80})"/.exec(text);
  if (name) out.add(unscoped(name[1]));
}

function unscoped(name: string): string {
  return name.replace(/^@[\w.-]+\//, '');
}

/** The arguments of a call opened just before `from`: up to its closing parenthesis, outside quotes, within the reach. */
function callArguments(text: string, from: number): string {
  const end = Math.min(text.length, from + CALL_REACH);
  let depth = 0;
  let quote = '';
  for (let i = from; i < end; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && depth-- === 0) return text.slice(from, i);
  }
  return text.slice(from, end);
}

/** Quoted strings in `args` that start with a dash: every long option in them (`'-b, --branch <b>'`, `'--x/--no-x'`). */
function quotedLongOptions(args: string, out: Set<string>): void {
  for (const q of args.matchAll(/(["'`])(-[^"'`\n]{0,120})\1/g)) {
    for (const o of q[2].matchAll(/(?<![\w-])--([A-Za-z0-9][\w-]*)/g)) out.add(`--${o[1]}`);
  }
}

/** yargs' `.option('branch', { … })`: a bare name followed by its settings. */
/** yargs' `.option('name', {…})`: adds `--name`, and says whether it was one. */
function yargsOption(args: string, out: Set<string>): boolean {
  const m = /^\s*(["'])([A-Za-z][\w-]{0,60})\1\s*,\s*\{/.exec(args);
  if (m) out.add(`--${m[2]}`);
  return m !== null;
}

function addDashed(name: string | undefined, out: Set<string>): void {
  if (name !== undefined) out.add(`--${name}`);
}

/** clap's `#[arg(long)]` / `#[clap(long = "x")]` opened just before `from`: the name given, or the next field's in kebab case. */
function clapField(text: string, from: number, out: Set<string>): void {
  const args = callArguments(text, from);
  const named = /(?<![\w-])long\s*=\s*"([\w-]{1,60})"/.exec(args);
  if (named) {
    out.add(`--${named[1]}`);
    return;
  }
  if (!/(?<![\w-])long(?![\w-]|\s*=)/.test(args)) return;
  const after = text.slice(from + args.length, from + args.length + FIELD_REACH);
  if (!after.startsWith(')]')) return;
  const field = /^(?:pub(?:\([\w:]+\))?\s+)?([a-z_][a-z0-9_]*)\s*:/.exec(after.slice(pastAttributes(after, 2)));
  if (field) out.add(`--${field[1].replace(/_/g, '-')}`);
}

/** Where the text from `from` on is past blanks, further `#[…]` attributes and `//` comments. */
function pastAttributes(text: string, from: number): number {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('#[', i)) {
      const close = text.indexOf(']', i);
      if (close === -1) return text.length;
      i = close + 1;
    } else if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i);
      if (nl === -1) return text.length;
      i = nl + 1;
    } else return i;
  }
}

function addFirstQuoted(rest: string, out: Set<string>): void {
  const m = /^\s*(["'`])([A-Za-z][\w:-]{0,60})(?=[\s"'`\]])/.exec(rest);
  if (m) out.add(m[2].split(':')[0]);
}
