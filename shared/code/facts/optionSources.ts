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
 * Every pattern is anchored on a literal found with `indexOf` and reads a
 * bounded stretch after it, so a text is read in time linear in its length.
 */

export interface OptionSource {
  /** Long options, with their dashes (`--branch`). */
  options: string[];
  /** Subcommands the text defines: its options are theirs or their parent's. */
  commands: string[];
  /** Program names the text declares for itself. */
  programs: string[];
}

/** Farthest an option call's arguments are read. */
const CALL_REACH = 400;
/** Farthest a field is looked for after a clap attribute. */
const FIELD_REACH = 600;

/** Calls whose quoted arguments that start with `--` are long options. */
const OPTION_CALLS = ['option(', 'Option(', 'add_argument('];
/** Calls whose first quoted argument is a subcommand's name. */
const COMMAND_CALLS = ['.command(', 'new Command(', 'add_parser(', '.subcommand(', 'Command::new('];
/** Go calls whose first string argument (after an optional `&target,`) is an option name without dashes. */
const GO_FLAG_CALLS = ['Flags().', 'flag.'];
/** A Go flag call's method and first string argument, read after its anchor. */
const GO_FLAG = /^[A-Z]\w{0,30}\(\s*(?:&[\w.[\]]{1,80}\s*,\s*)?"([A-Za-z][\w-]{0,60})"/;

/** The options, subcommands and program names `text` defines, or undefined when it defines neither an option nor a subcommand. */
export function optionSource(text: string): OptionSource | undefined {
  const options = new Set<string>();
  for (const anchor of OPTION_CALLS) forEachCall(text, anchor, (args) => quotedLongOptions(args, options));
  forEachCall(text, '.option(', (args) => yargsOption(args, options));
  for (const anchor of GO_FLAG_CALLS) forEachAfter(text, anchor, (rest) => addDashed(GO_FLAG.exec(rest)?.[1], options));
  // clap's builder: `Arg::new("x").long("x")`.
  forEachAfter(text, '.long(', (rest) => addDashed(/^\s*"([A-Za-z][\w-]{0,60})"/.exec(rest)?.[1], options));
  clapFields(text, options);
  const commands = new Set<string>();
  for (const anchor of COMMAND_CALLS) forEachCall(text, anchor, (args) => addFirstQuoted(args, commands));
  forEachAfter(text, 'Use:', (rest) => addFirstQuoted(rest, commands));
  // clap's `#[command(name = "exec")]`.
  for (const anchor of ['#[command(', '#[clap('])
    forEachCall(text, anchor, (args) => addFirstQuoted(/(?<![\w-])name\s*=\s*(.*)$/s.exec(args)?.[1] ?? '', commands));
  // A text that defines only subcommands (`new Command("session").addCommand(…)`) still shows how they nest.
  if (options.size === 0 && commands.size === 0) return undefined;
  const programs = new Set<string>();
  for (const anchor of ['prog=', 'prog =', '.name(']) forEachAfter(text, anchor, (rest) => addFirstQuoted(rest, programs));
  return { options: [...options], commands: [...commands], programs: [...programs] };
}

/**
 * Program names a project manifest declares: `package.json`'s `bin` (its
 * keys, or the package's name for a single entry), `[project.scripts]` and
 * `[tool.poetry.scripts]`, setuptools' `console_scripts`, Cargo's `[[bin]]`.
 */
export function declaredPrograms(text: string): string[] {
  const out = new Set<string>();
  forEachAfter(text, '"bin"', (rest) => {
    const m = /^\s*:\s*(?:"[^"\n]*"|\{([^{}]{0,1000})\})/.exec(rest);
    if (!m) return;
    if (m[1] !== undefined) for (const k of m[1].matchAll(/"([\w.@/-]{1,80})"\s*:/g)) out.add(unscoped(k[1]));
    else {
      // A single entry is installed under the package's name.
      const at = text.indexOf('"name"');
      const name = at === -1 ? null : /^"name"\s*:\s*"([\w.@/-]{1,80})"/.exec(text.slice(at, at + 200));
      if (name) out.add(unscoped(name[1]));
    }
  });
  for (const header of ['[project.scripts]', '[tool.poetry.scripts]']) {
    forEachAfter(text, header, (rest) => {
      for (const line of rest.slice(0, 2000).split('\n').slice(1)) {
        if (line.trimStart().startsWith('[')) break;
        const m = /^\s*"?([\w.-]{1,80})"?\s*=/.exec(line);
        if (m) out.add(m[1]);
      }
    });
  }
  forEachAfter(text, 'console_scripts', (rest) => {
    for (const m of rest.slice(0, 1000).matchAll(/["']\s*([\w.-]{1,80})\s*=\s*[\w.]+:\w+/g)) out.add(m[1]);
  });
  forEachAfter(text, '[[bin]]', (rest) => {
    for (const line of rest.split('\n').slice(1)) {
      if (line.trimStart().startsWith('[')) break;
      const m = /^\s*name\s*=\s*"([\w.-]{1,80})"/.exec(line);
      if (m) out.add(m[1]);
    }
  });
  return [...out];
}

function unscoped(name: string): string {
  return name.replace(/^@[\w.-]+\//, '');
}

/** Calls `visit` with the stretch after each `anchor`, up to a closing parenthesis at its own depth or the reach. */
function forEachCall(text: string, anchor: string, visit: (args: string, at: number) => void): void {
  for (let at = text.indexOf(anchor); at !== -1; at = text.indexOf(anchor, at + anchor.length)) {
    const from = at + anchor.length;
    visit(callArguments(text, from), at);
  }
}

function forEachAfter(text: string, anchor: string, visit: (rest: string) => void): void {
  for (let at = text.indexOf(anchor); at !== -1; at = text.indexOf(anchor, at + anchor.length))
    visit(text.slice(at + anchor.length, at + anchor.length + CALL_REACH));
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
function yargsOption(args: string, out: Set<string>): void {
  const m = /^\s*(["'])([A-Za-z][\w-]{0,60})\1\s*,\s*\{/.exec(args);
  if (m) out.add(`--${m[2]}`);
}

function addDashed(name: string | undefined, out: Set<string>): void {
  if (name !== undefined) out.add(`--${name}`);
}

/** clap's `#[arg(long)]` / `#[clap(long = "x")]`: the name given, or the next field's in kebab case. */
function clapFields(text: string, out: Set<string>): void {
  for (const anchor of ['#[arg(', '#[clap(', '#[structopt(']) {
    forEachCall(text, anchor, (args, at) => {
      const named = /(?<![\w-])long\s*=\s*"([\w-]{1,60})"/.exec(args);
      if (named) {
        out.add(`--${named[1]}`);
        return;
      }
      if (!/(?<![\w-])long(?![\w-]|\s*=)/.test(args)) return;
      const after = text.slice(at + anchor.length + args.length, at + anchor.length + args.length + FIELD_REACH);
      if (!after.startsWith(')]')) return;
      const field = /^(?:pub(?:\([\w:]+\))?\s+)?([a-z_][a-z0-9_]*)\s*:/.exec(after.slice(pastAttributes(after, 2)));
      if (field) out.add(`--${field[1].replace(/_/g, '-')}`);
    });
  }
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
