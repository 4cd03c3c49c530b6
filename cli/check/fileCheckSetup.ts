/**
 * What every file check of one run shares, as plain data that can be sent to
 * worker threads, and how each thread turns it into live options (the ignore
 * store is read once per thread).
 */
import { FILE_LIMITS, FileRefused, readBounded } from '../../shared/io/boundedRead';
import { join } from 'node:path';
import { IGNORE_FILE, IgnoreMatcher } from '../../shared/check/ignores';
import { locateProblem, parseIgnoreStore } from '../../shared/check/ignoreStoreText';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import type { FileCheckOptions } from './checkFile';
import type { Budget } from '../../shared/usage/budget';
import type { PriceTable } from '../../shared/usage/prices';

export interface FileCheckSetup {
  settings: GroundcheckSettings;
  ledger: boolean;
  /** With the ledger: every context match, not only the nearest. */
  allLocations?: boolean;
  /** Keep each file's segments for a conversation report (HTML). */
  conversation?: boolean;
  /** Folder whose `.groundcheck/ignore.json` applies; absent to apply none. */
  ignoreRoot?: string;
  /** Where referenced files may be read (see FileCheckOptions); absent: the transcript's folder and the process's cwd. */
  references?: { cwd: string; anywhere: boolean };
  /** Token and cost budgets each session is held to, and the prices its cost is taken at; absent: none. */
  budget?: { limits: Budget; prices: PriceTable };
  /** The prices the HTML report's usage is costed at (the shipped table and the config's); absent: not costed. */
  prices?: PriceTable;
}

/**
 * The ignore store's text, or why it was not read: a small regular file only
 * (a link to a device or a FIFO is refused, not read). Undefined when there is none.
 */
export function readIgnoreStore(root: string): string | { notRead: string } | undefined {
  try {
    return readBounded(join(root, IGNORE_FILE), FILE_LIMITS.settings).toString('utf8');
  } catch (err) {
    if (err instanceof FileRefused && err.reason === 'no such file') return undefined;
    return { notRead: err instanceof FileRefused ? err.reason : (err as Error).message };
  }
}

/**
 * What to tell the user about the run's ignore store, if anything. A store
 * that is not JSON stops the run (`fatal`), as a broken config does: a CI
 * job must not pass or fail on findings its ignore rules were meant to
 * settle. One that cannot be opened (a FIFO, too large) is a warning.
 */
export function ignoreStoreNotice(setup: FileCheckSetup, shown: (path: string) => string): { line: string; fatal: boolean } | undefined {
  if (setup.ignoreRoot === undefined) return undefined;
  const file = shown(join(setup.ignoreRoot, IGNORE_FILE));
  const text = readIgnoreStore(setup.ignoreRoot);
  if (text === undefined) return undefined;
  if (typeof text !== 'string') return { line: `${file}: warning: ${text.notRead}; no ignore rules from it apply`, fatal: false };
  const { problem } = parseIgnoreStore(text);
  if (!problem) return undefined;
  const located = locateProblem(text, { ...problem, message: `error: ${problem.message}` });
  return { line: `${file}:${located} (fix the file, or run with --no-ignore)`, fatal: true };
}

export function fileCheckOptions(setup: FileCheckSetup): FileCheckOptions {
  return {
    settings: setup.settings,
    ledger: setup.ledger,
    ...(setup.allLocations ? { allLocations: true } : {}),
    conversation: setup.conversation,
    ignores: loadIgnores(setup.ignoreRoot),
    ...(setup.references ? { references: setup.references } : {}),
    ...(setup.budget ? { budget: setup.budget } : {}),
    ...(setup.prices ? { prices: setup.prices } : {}),
  };
}

function loadIgnores(root: string | undefined): IgnoreMatcher | undefined {
  if (root === undefined) return undefined;
  const text = readIgnoreStore(root);
  if (typeof text !== 'string') return undefined; // None, or refused (said once by the run): nothing is ignored.
  const matcher = new IgnoreMatcher(parseIgnoreStore(text).store);
  return matcher.isEmpty ? undefined : matcher;
}
