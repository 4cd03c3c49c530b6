/**
 * The library's public vocabulary, in plain data that serialises as JSON
 * (the MCP server sends these shapes as they are). Kept free of the core's
 * internal types so the declarations an embedder reads stay small and stable.
 */

/** The kinds of claim groundcheck extracts from an output. */
export type EntityKind = 'proper_noun' | 'identifier' | 'number' | 'date' | 'quoted_string' | 'citation' | 'url' | 'status';

export type Level = 'GROUNDED' | 'PARTIAL' | 'UNGROUNDED' | 'INDETERMINATE';

/** What the context says of a value the output gives but does not back. */
export type FindingVerdict = 'unverified' | 'contradicted' | 'misattributed';

/** Every verdict an entity can get: `grounded` (the context gives it), `indeterminate` (the context is known to lack what could hold it), or a finding. */
export type EntityVerdict = 'grounded' | 'indeterminate' | FindingVerdict;

/** A half-open range `[start, end)` of UTF-16 code units (JavaScript string indexes). */
export interface Span {
  start: number;
  end: number;
}

/** One retrieved passage, document or tool result the output was written from. */
export interface Passage {
  text: string;
  /** Your name for it (a document id, a URL, a tool name); echoed in evidence. */
  id?: string;
}

/** The context: one text, or several passages (each a string or a `Passage`). */
export type ContextInput = string | ReadonlyArray<string | Passage>;

/** Options of the classifier, as `groundcheck check` and its config file take them. */
export interface CheckOptions {
  /** `refined` (default): claims only, equivalent spellings, contradictions named. `spec`: the plain SHOR rules. */
  profile?: 'refined' | 'spec';
  /** Refined profile: the packs of rules that run (`core` always does); default every pack, each where it applies. */
  packs?: ReadonlyArray<'prose' | 'code' | 'records'>;
  /** Case-sensitive, whole-token, single-sentence lookups. Default false. */
  strict?: boolean;
  /** Outputs with fewer checkable entities are INDETERMINATE. Default 1. */
  minEntities?: number;
  /** Entity kinds to check; default all. */
  entityTypes?: readonly EntityKind[];
  /** Replaces the built-in stopword list for proper nouns. */
  stopwords?: readonly string[];
  /** Rules turned on or off by id (`groundcheck rules` lists them). */
  rules?: Readonly<Record<string, 'on' | 'off'>>;
}

/** A place in the context that backs or contradicts a value. */
export interface ContextEvidence {
  /** Index of the passage in the context given (0 for a single text). */
  passage: number;
  /** The passage's `id`, when it had one. */
  id?: string;
  /** Range in that passage's text. */
  span: Span;
  /** `passageText.slice(span.start, span.end)`. */
  text: string;
}

/** What is known of one entity; `Place` is where evidence points (a passage, or a place in a file). */
export interface EntityFields<Place> {
  /** The value as the output writes it: `output.slice(span.start, span.end)`. */
  value: string;
  kind: EntityKind;
  verdict: EntityVerdict;
  /** The rule that decided the verdict (`groundcheck rules` lists them). */
  rule?: string;
  /** The first occurrence in the output. */
  span: Span;
  /** Every occurrence in the output, `span` first. */
  occurrences: Span[];
  /** One line for a person: `number '$25.00' not in context`. */
  message: string;
  /** With `contradicted`: the value the context gives for the same slot. */
  contextSays?: string;
  /**
   * Where the context backs it (grounded, misattributed: up to five places),
   * gives another value (contradicted), or comes closest (unverified).
   */
  evidence: Place[];
  /** What was checked beyond a search ("a.ts was read with lines 1–97; line 240 was never shown"). */
  detail?: string;
}

export type CheckedEntity = EntityFields<ContextEvidence>;

export interface Finding extends CheckedEntity {
  verdict: FindingVerdict;
  rule: string;
}

export interface OutputResult {
  level: Level;
  /** Share of checkable entities the context backs, 0..1. */
  score: number;
  /** One sentence on the verdict. */
  explanation: string;
  /** The entities the context does not back, in output order. */
  findings: Finding[];
  /** Every entity checked, findings included. */
  entities: CheckedEntity[];
}

/** A place in a transcript file: raw offsets into the file as it is on disk, 1-based line and column. */
export interface FilePlace extends Span {
  line: number;
  column: number;
  /** Set when the place is in another file (a promptfoo `file://` variable) or an archive entry (`log.eval!samples/1.json`). */
  file?: string;
}

/** Evidence in a transcript: a place in the file and the segment it lies in. */
export interface TranscriptEvidence extends FilePlace {
  /** Index of the segment (message, tool call, tool result, document) in the transcript. */
  segment?: number;
  /** What the segment is: `tool result (Bash)`, `user`, `document lease.txt`. */
  label?: string;
  /** The raw characters there, when the place is in the checked file itself. */
  text?: string;
}

export interface TranscriptEntity extends Omit<EntityFields<TranscriptEvidence>, 'span' | 'occurrences'> {
  /** The first occurrence, in the file's raw offsets. */
  span: FilePlace;
  occurrences: FilePlace[];
}

export interface TranscriptFinding extends TranscriptEntity {
  verdict: FindingVerdict;
  rule: string;
}

export interface TranscriptOutput {
  /** Index of the output's segment in the transcript. */
  segment: number;
  /** The turn it belongs to (see `TranscriptResult.turns`). */
  turn: number;
  /** Where the whole output is in the file. */
  place: FilePlace;
  label?: string;
  level: Level;
  score: number;
  explanation: string;
  findings: TranscriptFinding[];
  entities: TranscriptEntity[];
  /** What the output's context is known to lack, and so could not be checked. */
  gaps: string[];
}

export interface TranscriptOptions extends CheckOptions {
  /** Parse as this format only (`claude-code`, `codex`, `openai-chat`, `ragas`…) instead of detecting it. */
  format?: string;
  /**
   * Check only one turn: its number (1 is the first prompt a person wrote;
   * 0 holds outputs before any prompt), or `last`, the turn the session ends in.
   */
  turn?: number | 'last';
  /** Let the model's own earlier outputs and tool-call arguments ground later ones. Default false. */
  modelOutputsAsContext?: boolean;
  /** Files over this size are refused. Default 50, as the CLI. */
  maxFileSizeMB?: number;
  /** At most this many segments are read; the rest is a parse error. Default 50000, as the CLI. */
  maxSegments?: number;
  /**
   * Files a transcript refers to (promptfoo `file://`) and a coding
   * session's instruction files (CLAUDE.md, AGENTS.md at the working
   * directory it records) are read only inside these folders; default the
   * transcript's folder and the working directory, as the CLI. `'anywhere'`
   * lifts it, as `--allow-outside-refs`.
   */
  referenceRoots?: readonly string[] | 'anywhere';
}

export interface TranscriptResult {
  /** The path checked, or the name given with `text`. */
  file: string;
  /** The format it was read as. */
  format: string;
  /** How many turns the transcript has (prompts a person wrote); turn numbers run 1..turns, 0 before the first. */
  turns: number;
  /** The turn checked, when one was asked for. */
  turn?: number;
  outputs: TranscriptOutput[];
  /** Lines the reader could not parse (the rest was still checked). */
  parseErrors: Array<{ message: string; line: number; column: number }>;
}

/** What blocks, what flags. A finding blocks when its verdict or its rule is listed under `block`. */
export interface GatePolicy {
  block?: {
    verdicts?: readonly FindingVerdict[];
    rules?: readonly string[];
  };
}

export interface GateOptions extends CheckOptions, GatePolicy {}

export type GateVerdict = 'pass' | 'flag' | 'block';

export interface GateResult {
  /** `block` when a finding matches the block policy, `flag` when there are findings, else `pass`. */
  verdict: GateVerdict;
  findings: Finding[];
  /** The findings that made it block. */
  blocking: Finding[];
  level: Level;
  score: number;
  explanation: string;
}

export type Gate = (output: string, context: ContextInput) => GateResult;
