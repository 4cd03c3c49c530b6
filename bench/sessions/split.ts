/**
 * Which side of the blind split a real session sits on: `dev`, which rules
 * may be tuned on, or `test`, which is held out to measure them. The side is
 * decided by the session's repository, never by the session, so every
 * session of one repository lands on the same side and a rule fitted to one
 * project's habits cannot be scored on that same project. The side is a
 * seeded hash of the repository name, so it is fixed before anyone labels a
 * finding and nobody can choose it.
 */
import { createHash } from 'node:crypto';

export type Split = 'dev' | 'test';

export const SPLITS: readonly Split[] = ['dev', 'test'];

/** Changing the seed would reshuffle the split after labels were made against it. */
export const SPLIT_SEED = 'groundcheck-split-1';

/** Share of the hash range that goes to dev; the rest is test. */
export const DEV_SHARE = 0.55;

/**
 * The repositories of the first corpus: detection rules were tuned on their
 * sessions before the split existed, so they can only be dev, whatever their
 * hash says.
 */
export const TUNED_ON: readonly string[] = [
  'AbdulAlkawasmeh/metadata-aider',
  'BjornNordblom/pocketflow-text2sql-gui',
  'DRMacIver/claude-reliability',
  'EdofEngland/code_butler',
  'HillviewCap/Personal_AI_Infrastructure',
  'edobry/minsky',
];

/** Where `owner/name` falls in [0, 1): the first 8 hex digits of sha256(seed NUL owner/name) over 2^32. */
export function splitHash(repository: string): number {
  const digest = createHash('sha256').update(`${SPLIT_SEED}\0${repository}`).digest('hex');
  return parseInt(digest.slice(0, 8), 16) / 0x1_0000_0000;
}

/** The side a repository's sessions belong on. */
export function splitOfRepository(repository: string): Split {
  if (TUNED_ON.includes(repository)) return 'dev';
  return splitHash(repository) < DEV_SHARE ? 'dev' : 'test';
}

/**
 * The side recorded for a session source. The record is what counts (it was
 * written before labelling); a record that disagrees with the repository's
 * hash, or is missing, is an error rather than something to repair silently.
 */
export function splitOf(source: { file: string; repository: string; split?: string }): Split {
  const expected = splitOfRepository(source.repository);
  if (source.split === undefined) throw new Error(`${source.file}: no split recorded (${source.repository} belongs on ${expected})`);
  if (source.split !== expected) throw new Error(`${source.file}: split "${source.split}" recorded, but ${source.repository} belongs on ${expected}`);
  return expected;
}
