/**
 * What a program's help printed: the command it describes (from its
 * `Usage:` line, or the command that asked for help), the long options it
 * lists, and the subcommands it lists (whose options it does not give).
 * Read from a tool result; one pass over a bounded head of the text.
 */
import { commandProgram } from './commandPrograms';

export interface HelpListing {
  program: string;
  /** Subcommand words after the program (`session update`): the help is theirs. */
  path: string[];
  /** Long options it lists, with their dashes. */
  options: string[];
  /** Subcommands it lists: a command that uses one of them takes that one's options. */
  commands: string[];
}

/** Help texts are short; a longer output is read this far. */
const HELP_HEAD = 64 * 1024;
/** How far into an output its usage line is looked for. */
const USAGE_REACH = 2000;

/** What a tool or harness writes where it cut an output short. */
const CUT_SHORT = /\b(?:truncated|omitted)\b|\.\.\. \(\d+ (?:more )?lines/i;
/** Words asking a program for its help. */
const HELP_WORDS = new Set(['--help', '-h', 'help']);

/**
 * The help `text` is, when `argv` (the one command that printed it, its
 * output unfiltered) asked for help, or printed a usage line of its own
 * program (`opk` run without arguments). Undefined otherwise, and for an
 * output cut short: a partial list is no list.
 */
export function helpListing(text: string, argv: readonly string[]): HelpListing | undefined {
  if (text.length > HELP_HEAD) return undefined;
  const usage = usageCommand(text);
  const asked = argv.some((w) => HELP_WORDS.has(w));
  if (!asked && (!usage || commandProgram(argv)?.program !== usage.program)) return undefined;
  // Read after the checks above, which read at most the usage line's reach: every command's output comes here, and
  // few are help, so the whole output is searched for a cut only when it is help.
  if (CUT_SHORT.test(text)) return undefined;
  const described = usage ?? askedCommand(argv);
  if (!described) return undefined;
  const options = new Set<string>();
  for (const m of text.matchAll(/(?<![\w-])--([A-Za-z0-9][\w-]*)/g)) options.add(`--${m[1]}`);
  if (options.size === 0) return undefined;
  return { program: described.program, path: described.path, options: [...options], commands: listedCommands(text) };
}

/** `Usage: minsky session update [options] [session]` → minsky, [session, update]. */
function usageCommand(head: string): { program: string; path: string[] } | undefined {
  const m = /(?:^|\n)[ \t]*usage:[ \t]*([^\n]{1,300})/i.exec(head.slice(0, USAGE_REACH));
  if (!m) return undefined;
  const words = m[1].trim().split(/\s+/);
  const program = commandProgram(words);
  if (!program) return undefined;
  const path: string[] = [];
  for (const w of words.slice(program.args)) {
    if (!/^[a-z][\w-]*$/.test(w)) break;
    path.push(w);
  }
  return { program: program.program, path };
}

/** The command that asked for help (`opk gen --help`) → opk, [gen]. */
function askedCommand(argv: readonly string[]): { program: string; path: string[] } | undefined {
  const program = commandProgram(argv);
  if (!program) return undefined;
  const path: string[] = [];
  for (const w of argv.slice(program.args)) {
    if (HELP_WORDS.has(w) || !/^[a-z][\w-]*$/.test(w)) break;
    path.push(w);
  }
  return { program: program.program, path };
}

/**
 * Subcommands a help lists: argparse's `{gen,convert}` choices, and the
 * first word of each indented line under a `Commands:` heading.
 */
function listedCommands(head: string): string[] {
  const out = new Set<string>();
  // `{gen,convert}` after an option (`--slicer {orca,prusa}`) is that option's choices, not subcommands.
  for (const m of head.matchAll(/(?<!-[\w-]*[ =])\{([\w-]+(?:,[\w-]+)+)\}/g)) for (const c of m[1].split(',')) out.add(c);
  let inCommands = false;
  for (const line of head.split('\n')) {
    if (/^\s*(?:available |sub)?commands:?\s*$/i.test(line)) {
      inCommands = true;
      continue;
    }
    if (!inCommands) continue;
    if (line.trim() === '') continue;
    const m = /^\s+([a-z][\w-]*)/.exec(line);
    if (m) out.add(m[1]);
    else inCommands = false;
  }
  return [...out];
}
