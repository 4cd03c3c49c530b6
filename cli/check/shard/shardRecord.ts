/**
 * What a shard's report says of itself, so `groundcheck merge` can join the
 * shards into the report one run would have given and refuse shards that
 * are not of one run: which shard of how many, the groundcheck version, the
 * options that shape results, a digest of the inputs (the paths given and
 * every file they named, in order), and what became of each of its files
 * with that file's place in the whole run's order. JSON Lines reports end
 * with it as a record of its own; SARIF keeps it in the run's properties.
 */
import { createHash } from 'node:crypto';
import { version } from '../../../package.json';
import type { FileProblem, FileReport } from '../fileReport';
import type { FileKind } from '../../../shared/transcript/headShape';
import type { ShardSpec } from './shardSpec';
import { RunSummary, type Tally } from '../summary';

/** The key of the record in a JSON Lines report, and of the property bag in SARIF. */
export const SHARD_KEY = 'groundcheckShard';

export interface ShardFile {
  /** Where the file comes in the whole run (the order of a run without --shard). */
  position: number;
  file: string;
  explicit: boolean;
  format?: string;
  error?: string;
  skipped?: string;
  notTranscript?: string;
  notTranscriptKind?: FileKind;
  parseErrors: FileProblem[];
  /** Its outputs by level and its entities by type and verdict: the run's totals are the sum over files. */
  tally: Tally;
}

export interface ShardRecord {
  shard: ShardSpec;
  groundcheck: string;
  /** Everything that shapes the results: the settings, the report's format and its options. */
  options: Record<string, unknown>;
  /** Digest of the paths given and the files they named: shards of one run have the same. */
  inputs: string;
  /** How many files the whole run has, across all shards. */
  files: number;
  /** Paths given that named nothing (`path: error …`); every shard sees them. */
  missing: string[];
  checked: ShardFile[];
}

export function inputsDigest(paths: readonly string[], files: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify({ paths, files })).digest('hex').slice(0, 32);
}

export function shardFile(position: number, report: FileReport, explicit: boolean): ShardFile {
  return {
    position,
    file: report.file,
    explicit,
    ...(report.format !== undefined ? { format: report.format } : {}),
    ...(report.error !== undefined ? { error: report.error } : {}),
    ...(report.skipped !== undefined ? { skipped: report.skipped } : {}),
    ...(report.notTranscript !== undefined ? { notTranscript: report.notTranscript } : {}),
    ...(report.notTranscriptKind !== undefined ? { notTranscriptKind: report.notTranscriptKind } : {}),
    parseErrors: report.parseErrors,
    tally: tallyOf(report),
  };
}

function tallyOf(report: FileReport): Tally {
  const s = new RunSummary();
  s.addOutputs(report.outputs);
  return s.tally();
}

/** A file's report as the merge needs it for the tally and the messages (its outputs come from the report's records). */
export function fileReportOf(f: ShardFile): FileReport {
  return {
    file: f.file,
    ...(f.format !== undefined ? { format: f.format } : {}),
    outputs: [],
    parseErrors: f.parseErrors,
    ...(f.error !== undefined ? { error: f.error } : {}),
    ...(f.skipped !== undefined ? { skipped: f.skipped } : {}),
    ...(f.notTranscript !== undefined ? { notTranscript: f.notTranscript } : {}),
    ...(f.notTranscriptKind !== undefined ? { notTranscriptKind: f.notTranscriptKind } : {}),
  };
}

export const GROUNDCHECK_VERSION: string = version;
