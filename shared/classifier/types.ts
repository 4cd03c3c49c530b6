/**
 * The classifier's public vocabulary: what goes in, what comes out.
 *
 * The shapes follow the SHOR contract (level, score, entities, explanation,
 * flagForReview) and extend it where an editor needs more: each entity's own
 * range in the output (`span`), a per-entity `status` that can say
 * "indeterminate" when the context is known to be incomplete, and context
 * matches that name the part of a multi-part context they came from.
 */

export const ENTITY_TYPES = ['proper_noun', 'identifier', 'number', 'date', 'quoted_string', 'citation', 'url', 'status'] as const;

export type EntityType = (typeof ENTITY_TYPES)[number];

export type Level = 'GROUNDED' | 'PARTIAL' | 'UNGROUNDED' | 'INDETERMINATE';

/** The levels, in the order reports list them. */
export const LEVELS: readonly Level[] = ['GROUNDED', 'PARTIAL', 'UNGROUNDED', 'INDETERMINATE'];

/** A half-open `[start, end)` range of UTF-16 code units. */
export type Range = [start: number, end: number];

export interface ClassifyOptions {
  /** Case-sensitive, token-boundary, single-sentence lookups. Default false. */
  strict?: boolean;
  /** Fewer extracted entities than this gives INDETERMINATE. Default 1. */
  minEntities?: number;
  /** Which entity types are counted. Default ['all']. */
  entityTypes?: readonly EntityType[] | readonly ['all'];
  /** Replaces (not extends) the built-in 42-word stopword list. */
  stopwords?: readonly string[];
  /**
   * `spec` (default): the plain SHOR rules. `refined`: claims only (no
   * questions, hedges, meta talk), equivalent spellings, unit-aware numbers,
   * generic attributions dropped, and contradictions named (see shared/refine).
   */
  profile?: Profile;
  /** Refined profile: numbers also match with continental separators (`1.234,56` for `1,234.56`). Default false. */
  localeSeparators?: boolean;
  /** Refined profile: quarters also match in words (`third quarter` for `Q3`). Default false. */
  quarterNames?: boolean;
  /** Rules turned off by id (shared/classifier/rules.ts); every rule is on by default. */
  rules?: Readonly<Record<string, 'on' | 'off'>>;
  /**
   * Refined profile: the packs of rules to run (`core`, `prose`, `code`,
   * `records`; see PACKS in shared/classifier/rules.ts). Default every pack;
   * `core` runs whatever the list. Each pack still runs only where it applies.
   */
  packs?: readonly string[];
}

export type Profile = 'spec' | 'refined';

/** An entity as extraction sees it, before any lookup. */
export interface ExtractedEntity {
  /** Exactly `output.slice(span[0], span[1])`. */
  text: string;
  type: EntityType;
  /** Range of `text` in the original output. */
  span: Range;
  /**
   * Lookup forms, most literal first, in original case (`$4.2M`, `4200000`;
   * `db.query()`, `db.query`). Lookup applies the text normalization (NFC,
   * smart quotes to ASCII, whitespace folding, and lower-casing unless strict)
   * itself, so extraction need not. `forms[0]` is the primary form.
   */
  forms: string[];
  /**
   * Every place the same entity (same type and primary form) occurs in the
   * output, in document order; `span` is the first. Dedup keeps one entity
   * for scoring, the editor still marks each occurrence.
   */
  occurrences: Range[];
  /** Refined profile: what the entity is as code (a file reference, inline code), looked up as such. */
  code?: CodeClaim;
  /** Refined profile: a count written in words (`three checks`), which a reader may have made by counting. */
  countWord?: true;
}

/**
 * How a coding claim is checked. `file`: a reference to a file and maybe to
 * lines of it (`src/a.ts:40-52`, "line 12 of a.ts", or "line 12" of the file
 * under discussion, with `path` then undefined); `lines` are inclusive
 * `[from, to]` pairs. `code`: inline code looked up as code, its `whole`
 * form first, else link by link (`.from().select()` → `from`, `select`).
 * A file claim with no `path` may have `unsure`: the two files its context
 * names, either of which it may cite.
 */
export type CodeClaim = { kind: 'file'; path?: string; lines: Range[]; unsure?: [string, string] } | { kind: 'code'; whole: string; links: string[] };

/**
 * Why an entity got its verdict. `grounded` and `unverified` are the spec's
 * found/not-found; `indeterminate` means the context is known to be missing
 * material that could hold this entity, so no verdict is honest. The refined
 * profile adds two kinds of not-found: `contradicted` (the context fills the
 * same slot with a different value) and `misattributed` (found, but not in
 * the source the output cites for it).
 */
export type EntityStatus = 'grounded' | 'unverified' | 'indeterminate' | 'contradicted' | 'misattributed';

/** One occurrence of an entity in the context. */
export interface ContextMatch {
  /** Which context part (0 for a single-string context). */
  part: number;
  /** Half-open range in that part's original text. */
  start: number;
  end: number;
}

export interface Entity {
  text: string;
  /** The primary form as used for lookup (lower-cased unless strict). */
  normalized: string;
  type: EntityType;
  found: boolean;
  status: EntityStatus;
  /** Ranges into the original context (part-local for multi-part contexts). */
  locations: Range[];
  /** The same occurrences with the part each one is in. */
  matches: ContextMatch[];
  /** Range of the entity's first occurrence in the original output. */
  span: Range;
  /** Every occurrence in the output, `span` first. */
  occurrences: Range[];
  /**
   * With status `contradicted`: the value the context gives for the same slot,
   * written as the output writes it so it can replace the entity, and where
   * the context gives it; `slot` names the slot when the value alone would
   * not (`Tuesday 17:0-20:0` for an opening time).
   */
  contradiction?: { value: string; match: ContextMatch; slot?: string };
  /**
   * What was checked, when the lookup was more than a search of the context:
   * "AppSidebar.tsx was read with lines 1–97; line 240 was never shown".
   */
  detail?: string;
  /**
   * The verdict rests on what the context did show (a file read without the
   * cited line), so material the context is known to lack cannot change it.
   */
  settled?: true;
  /**
   * The rule that decided the verdict (shared/classifier/rules.ts): the
   * lookup's `not-in-context` unless a later rule changed it.
   */
  rule?: string;
}

/** One sentence-level claim of the output and what its entities say about it. */
export interface Claim {
  span: Range;
  /** `grounded`: every entity found; `contradicted`: one contradicted; `unverified`: one not found; `no-entities`: nothing to check. */
  verdict: 'grounded' | 'unverified' | 'contradicted' | 'no-entities';
  /** Indexes into `ClassifyResult.entities`. */
  entityIndexes: number[];
}

export interface ClassifyResult {
  level: Level;
  score: number;
  entities: Entity[];
  explanation: string;
  flagForReview: boolean;
  /** Entities whose status is `contradicted` (0 under the spec profile). */
  contradictions?: number;
  /** Refined profile only: the output's checkable sentences with their verdicts. */
  claims?: Claim[];
}

export interface ClassifyInput {
  output: string;
  context: string;
  options?: ClassifyOptions;
}

/**
 * Material the context is known to lack (a system prompt that was never
 * logged, an unresolved attachment). Unfound entities of the affected types
 * become `indeterminate` instead of `unverified`.
 */
export interface ContextGap {
  code: string;
  message: string;
  affects: readonly EntityType[] | 'all';
}
