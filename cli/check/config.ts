/**
 * Finds and reads the project config: `groundcheck.config.json` (JSON with
 * comments) or the `groundcheck` key of package.json, whichever is met first
 * walking up from the working directory, or the file named by `--config`.
 * Errors carry `file:line:col` so editors and terminals can jump to them.
 * Of package.json only the `groundcheck` value is parsed: other tools' keys
 * may be as deep or as odd as they like.
 */
import { existsSync } from 'node:fs';
import { FILE_LIMITS, FileRefused, readBounded } from '../../shared/io/boundedRead';
import { dirname, join, resolve } from 'node:path';
import { type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import { jsoncNestingExceededAt, MAX_JSON_DEPTH } from '../../shared/transcript/json/jsonDepth';
import { LineIndex } from '../../shared/transcript/offsets/lineIndex';
import { type ConfigProblem, type ProjectConfig, readConfigObject } from './configSchema';
import { displayPath } from './locator';
import { topLevelMember } from './topLevelMember';

export const CONFIG_FILE = 'groundcheck.config.json';

export interface LoadedConfig extends ProjectConfig {
  /** The file it came from; absent when no config was found. */
  path?: string;
  /** Where relative things (the ignore file) are looked up: the config's folder, or the working directory. */
  root: string;
}

/** A config that could not be used: one line per problem, each `file:line:col: message`. */
export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

export function loadConfig(explicitPath: string | undefined, cwd = process.cwd()): LoadedConfig {
  if (explicitPath !== undefined) {
    const path = resolve(cwd, explicitPath);
    let text: string;
    try {
      text = readConfigText(path);
    } catch (err) {
      throw new ConfigError([`${displayPath(path, cwd)}: error: cannot read config: ${err instanceof FileRefused ? err.reason : (err as Error).message}`]);
    }
    const key = path.endsWith('package.json') ? 'groundcheck' : undefined;
    return { ...parseConfig(text, path, key, cwd), path, root: dirname(path) };
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    const own = join(dir, CONFIG_FILE);
    if (existsSync(own)) return { ...parseConfig(readFound(own, cwd), own, undefined, cwd), path: own, root: dir };
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      const text = readFound(pkg, cwd);
      if (hasGroundcheckKey(text)) return { ...parseConfig(text, pkg, 'groundcheck', cwd), path: pkg, root: dir };
    }
    if (dirname(dir) === dir) return { settings: {}, root: resolve(cwd) };
  }
}

/** A config file's text: a small regular file, checked on the open handle. */
function readConfigText(path: string): string {
  return readBounded(path, FILE_LIMITS.settings).toString('utf8');
}

/** A config file found by walking up: one that cannot be read is a located error, not a hang or a crash. */
function readFound(path: string, cwd: string): string {
  try {
    return readConfigText(path);
  } catch (err) {
    throw new ConfigError([`${displayPath(path, cwd)}: error: cannot read config: ${err instanceof FileRefused ? err.reason : (err as Error).message}`]);
  }
}

/** Parses config text; `key` selects a top-level member (package.json's `groundcheck`), the only part then read. */
export function parseConfig(text: string, path: string, key: string | undefined, cwd = process.cwd()): ProjectConfig {
  const member = key === undefined ? { start: 0, end: text.length } : topLevelMember(text, key);
  if (!member) return { settings: {} };
  const problems = configProblems(text.slice(member.start, member.end));
  if ('config' in problems) return problems.config;
  const lines = new LineIndex(text);
  const shown = displayPath(path, cwd);
  throw new ConfigError(
    problems.found.map((p) => {
      const at = lines.position(member.start + p.offset);
      return `${shown}:${at.line + 1}:${at.character + 1}: error: ${p.message}`;
    }),
  );
}

/** The config in `text`, or what is wrong with it (offsets into `text`). */
function configProblems(text: string): { config: ProjectConfig } | { found: ConfigProblem[] } {
  // The tree builder recurses once per level: past the cap it would overflow the stack.
  const deep = jsoncNestingExceededAt(text);
  if (deep !== -1) return { found: [{ message: `nests JSON more than ${MAX_JSON_DEPTH} levels deep (the nesting limit)`, offset: deep }] };
  const syntax: ParseError[] = [];
  const tree = parseTree(text, syntax, { allowTrailingComma: true, disallowComments: false });
  // What follows the first syntax error mostly follows from it (an unclosed bracket is one error per level): one line says what to fix.
  if (syntax.length > 0) return { found: [{ message: `invalid JSON: ${printParseErrorCode(syntax[0].error)}`, offset: syntax[0].offset }] };
  if (!tree) return { found: [{ message: 'the config file is empty', offset: 0 }] };
  const found: ConfigProblem[] = [];
  const config = readConfigObject(tree, found);
  return found.length > 0 ? { found } : { config };
}

function hasGroundcheckKey(packageJson: string): boolean {
  return topLevelMember(packageJson, 'groundcheck') !== undefined;
}
