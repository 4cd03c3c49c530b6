/**
 * What one check of a file found, as plain data in raw-file offsets. The
 * worker produces it (structured-clone friendly: no maps, no classes), the
 * request thread turns it into diagnostics, hovers, lenses and locations.
 */
import type { EntityFindings, OutputFindings } from '../../shared/check/fileFindings';
import type { Claim, Range } from '../../shared/classifier/types';
import type { FileStatus } from '../../shared/protocol/messages';
import type { Role } from '../../shared/transcript/model';
import type { FileUsage } from './fileUsage';

/** A place in the context: a segment and a raw range inside it. */
export interface ContextPlace {
  segment: number;
  role: Role;
  /** "tool result (Bash)", "user turn", … */
  label: string;
  raw: Range;
  /** The file the text lives in, when it is not the checked file itself. */
  source?: string;
  /** The archive entry the text lives in (`raw` is then in the entry): a name inside the checked file, not a path. */
  entry?: string;
}

export interface ClosestPlace extends ContextPlace {
  /** What the context says: the candidate replacement. */
  text: string;
  /** The key word it was found beside. */
  near: string;
}

/** Where the context has an entity (entityPlaces.ts). */
export interface EntityPlaces {
  /** Nearest the output first (capped at MAX_PLACES, unless every place was asked for). */
  matches: ContextPlace[];
  /** How many places the context has (the lookup counts up to 100), or, with `morePlaces`, how many were read. */
  matchCount: number;
  /** There are more places than `matchCount`: only the nearest were read. */
  morePlaces?: true;
}

/** An entity's findings (shared/check/fileFindings.ts) with the places of its closest match and contradiction. */
export interface EntityFinding extends EntityFindings {
  /** The check already knows the context has it nowhere (most findings): there are no places to ask for. */
  noPlaces?: true;
  /** Its nearest places, sent with the findings of a small file; otherwise read when asked for. */
  places?: EntityPlaces;
  /** For findings: the nearest thing the context does say. */
  closest?: ClosestPlace;
  /** For contradicted entities: the value the context gives instead. */
  contradiction?: string;
  /** For contradicted entities: where the context gives that value. */
  contradictionAt?: ContextPlace;
}

/** One claim sentence of an output (refined profile) in raw offsets. */
export interface ClaimFinding {
  raw: Range;
  verdict: Claim['verdict'];
  /** Indexes into the output's `entities`. */
  entityIndexes: number[];
  /** The claim as the output reads (decoded, not raw: JSON escapes resolved). */
  text: string;
}

/**
 * An output's findings (shared/check/fileFindings.ts) with what the editor
 * shows beside them. `level`, `score` and `explanation` are after ignores
 * once the request thread applied them (publish.ts), the check's before.
 */
export interface OutputFinding extends OutputFindings {
  /** 0-based line the output starts on. */
  line: number;
  label: string;
  /** What was searched, e.g. "2 tool results, 1 user turn". */
  searched: string;
  /** Why the context is known to be incomplete (messages of its gaps). */
  gaps: string[];
  entities: EntityFinding[];
  /** Refined profile only: the output's claims, in order. */
  claims?: ClaimFinding[];
}

export interface ParseProblem {
  message: string;
  raw: Range;
}

export interface FileAnalysis {
  state: FileStatus['state'];
  format?: string;
  formatLabel?: string;
  reasons: string[];
  errors: ParseProblem[];
  /** Messages of gaps that hold for the whole file. */
  fileGaps: string[];
  /** For a coding session: which of its instruction files (CLAUDE.md, AGENTS.md) were read from disk, or why none were. */
  instructions?: string;
  outputs: OutputFinding[];
  /** Outputs the file has, checked or not yet (what a partial check counts toward). */
  outputsTotal?: number;
  /**
   * How the check ran: every output; only the edited turn against the kept
   * index; or only the lines appended to the file, whose new outputs were
   * checked against the kept index grown by them.
   */
  mode: 'full' | 'incremental' | 'append';
  /** The tokens the file records as spent (checked transcripts only; see fileUsage.ts). */
  usage?: FileUsage;
  /** `usage` is the one read before lines were appended or a line edited; a `usage` job reads it again. */
  usagePending?: true;
}

/**
 * Places a hover links to, nearest the output first. Reading every place of
 * every entity costs more than checking a long, repetitive session; Find
 * References asks for the rest of an entity's places when `matchCount` says
 * there are more.
 */
export const MAX_PLACES = 8;
