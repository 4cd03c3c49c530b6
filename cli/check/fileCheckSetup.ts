/**
 * What every file check of one run shares, as plain data that can be sent to
 * worker threads, and how each thread turns it into live options (the ignore
 * store is read once per thread).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IGNORE_FILE, IgnoreMatcher, parseIgnoreStore } from '../../shared/check/ignores';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import type { FileCheckOptions } from './checkFile';

export interface FileCheckSetup {
  settings: GroundcheckSettings;
  ledger: boolean;
  /** Folder whose `.groundcheck/ignore.json` applies; absent to apply none. */
  ignoreRoot?: string;
}

export function fileCheckOptions(setup: FileCheckSetup): FileCheckOptions {
  return { settings: setup.settings, ledger: setup.ledger, ignores: loadIgnores(setup.ignoreRoot) };
}

function loadIgnores(root: string | undefined): IgnoreMatcher | undefined {
  if (root === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(join(root, IGNORE_FILE), 'utf8');
  } catch {
    return undefined; // No ignore file: nothing is ignored.
  }
  const matcher = new IgnoreMatcher(parseIgnoreStore(text));
  return matcher.isEmpty ? undefined : matcher;
}
