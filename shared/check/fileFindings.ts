/**
 * The findings of a checked file, as every presenter shows them: each
 * output's entities with their verdicts and rules, their occurrences in raw
 * offsets with ignore keys, the closest thing the context says for each
 * finding (one cap on that search per file), the value a contradiction is
 * against, and the output's level after ignore rules and 'off' severities
 * took their entities out of the count. The CLI's reports and the language
 * server's diagnostics, lenses and findings tree convert this and compute
 * none of it themselves, so both show the same level for the same output.
 *
 * Plain data (structured-clone friendly): the server's worker computes it,
 * and its request thread applies the ignore rules again with
 * `applyIgnores` when they change, without checking the file again.
 */
import { judge } from '../pipeline/classify';
import { isFinding } from '../classifier/findingStatus';
import type { Entity, EntityStatus, EntityType, Level, Range } from '../classifier/types';
import type { Transcript } from '../transcript/model';
import { toRawRange } from '../transcript/offsets/offsetMaps';
import type { OutputCheck } from './checkTranscript';
import { ClosestSearches, DEFAULT_CLOSEST_BUDGET, findClosestMatch } from './closestMatch';
import { type IgnoreMatcher, occurrenceKey } from './ignores';

/** A place in the context: a segment and a raw range inside it. */
export interface SegmentPlace {
  segment: number;
  raw: Range;
}

export interface ClosestFound extends SegmentPlace {
  /** What the context says: the candidate replacement. */
  text: string;
  /** The key word it was found beside. */
  near: string;
}

export interface EntityFindings {
  type: EntityType;
  text: string;
  normalized: string;
  status: EntityStatus;
  /** The rule that decided the verdict (shared/classifier/rules.ts). */
  rule?: string;
  found: boolean;
  settled?: true;
  /** What was checked beyond a search ("a.ts was read with lines 1–97; line 240 was never shown"). */
  detail?: string;
  /** Raw ranges of every occurrence in the output, first first. */
  occurrences: Range[];
  /** Ignore key of each occurrence (see ignores.ts), same order; empty for entities that are no finding. */
  keys: string[];
  /** For findings: the nearest thing the context does say, when the search found one within its cap. */
  closest?: ClosestFound;
  /** For contradicted entities: the value the context gives for the same slot, and where. */
  contextValue?: SegmentPlace & { value: string; slot?: string };
  /** After ignores: which occurrences an ignore rule hides (findings only; absent when none does). */
  ignored?: boolean[];
  /** After ignores: every occurrence is hidden, or the type's severity is 'off'; the entity leaves the level. */
  suppressed?: true;
}

/** An output's verdict. */
export interface OutputVerdict {
  level: Level;
  score: number;
  explanation: string;
}

export interface OutputFindings extends OutputVerdict {
  segment: number;
  /** Raw range of the whole output. */
  raw: Range;
  /** The check's verdict, before ignores; `level`, `score` and `explanation` are after them. */
  checked: OutputVerdict;
  entities: EntityFindings[];
}

/** What ignoring reads: which rules, and the severity of each type ('off' takes a type out; the settings' words, read here only for that). */
export interface IgnoreSettings {
  severity: Partial<Record<EntityType, string>>;
  minEntities: number;
  ignores?: IgnoreMatcher;
}

/**
 * One cap on the closest-match search for the editor and the CLI: a bound
 * per query (DEFAULT_CLOSEST_BUDGET), and a total of characters actually
 * read per file, after which findings go without a closest match rather
 * than the check going on for minutes on a session of thousands of
 * findings. What one search read serves the next (`ClosestSearches`) and is
 * not counted again: outputs of one conversation search the same context.
 */
export class ClosestCap {
  static readonly PER_FILE_CHARS = 200_000_000;

  private readonly searches = new ClosestSearches();

  /** `readBefore`: characters earlier conversations of the file read. */
  private constructor(private readonly readBefore = 0) {}

  static forFile(): ClosestCap {
    return new ClosestCap();
  }

  /** The same cap for another conversation of the file: its segment ids name other texts, so what searches found starts afresh. */
  nextConversation(): ClosestCap {
    return new ClosestCap(this.read);
  }

  /** Characters the searches of the file actually read (what was kept and read again costs nothing). */
  private get read(): number {
    return this.readBefore + this.searches.charsRead;
  }

  find(t: Transcript, o: OutputCheck, e: Entity): ClosestFound | undefined {
    const left = ClosestCap.PER_FILE_CHARS - this.read;
    if (left <= 0) return undefined;
    const output = t.segments[o.segment].text;
    const found = findClosestMatch({ type: e.type, text: e.text, output, span: e.span }, o.nearestContext(), DEFAULT_CLOSEST_BUDGET, this.searches);
    if (!found) return undefined;
    return { segment: found.part, raw: toRawRange(t.segments[found.part].map, found.start, found.end), text: found.text, near: found.near };
  }
}

/**
 * The findings of one checked output. With `ignores` given they are applied
 * at once, and findings they hide get no closest match; without, the level
 * is the check's and every finding gets one (the server applies the rules
 * later, see `applyIgnores`).
 */
export function outputFindings(t: Transcript, o: OutputCheck, cap: ClosestCap, ignoring?: IgnoreSettings): OutputFindings {
  const segment = t.segments[o.segment];
  const { level, score, explanation } = o.result;
  const checked = { level, score, explanation };
  const found: OutputFindings = {
    segment: o.segment,
    raw: toRawRange(segment.map, 0, segment.text.length),
    checked,
    ...checked,
    entities: o.result.entities.map((e) => entityFindings(t, segment, e)),
  };
  const result = ignoring ? applyIgnores(found, ignoring) : found;
  result.entities.forEach((f, i) => {
    // A finding with its own account of what was checked (a line never shown) needs no near miss beside it.
    if (isFinding(f.status) && !f.detail && !f.suppressed) {
      const closest = cap.find(t, o, o.result.entities[i]);
      if (closest) f.closest = closest;
    }
  });
  return result;
}

/** The findings of every checked output, in the order given. */
export function fileFindings(t: Transcript, checks: readonly OutputCheck[], cap: ClosestCap, ignoring?: IgnoreSettings): OutputFindings[] {
  return checks.map((o) => outputFindings(t, o, cap, ignoring));
}

function entityFindings(t: Transcript, segment: Transcript['segments'][number], e: Entity): EntityFindings {
  const { text: output, map } = segment;
  // Only findings can be ignored, so only they need the key (reading the words around each occurrence).
  const finding = isFinding(e.status);
  // Matches name segment ids here (checkTranscript translates them), so the place resolves like any match.
  const m = e.contradiction?.match;
  // Optional properties are assigned in the order the type lists them, not spread in: no object made only to be copied.
  const f = { type: e.type, text: e.text, normalized: e.normalized, status: e.status } as EntityFindings;
  if (e.rule !== undefined) f.rule = e.rule;
  f.found = e.found;
  if (e.settled) f.settled = e.settled;
  if (e.detail) f.detail = e.detail;
  f.occurrences = e.occurrences.map(([s, end]) => toRawRange(map, s, end));
  f.keys = finding ? e.occurrences.map(([s, end]) => occurrenceKey(e.type, e.normalized, output, s, end)) : [];
  if (e.contradiction && m && t.segments[m.part]) {
    const value: NonNullable<EntityFindings['contextValue']> = {
      segment: m.part,
      raw: toRawRange(t.segments[m.part].map, m.start, m.end),
      value: e.contradiction.value,
    };
    if (e.contradiction.slot) value.slot = e.contradiction.slot;
    f.contextValue = value;
  }
  return f;
}

/**
 * The output with the ignore rules and severities applied: which
 * occurrences are hidden, which entities leave the count, and the level the
 * rest earn, judged exactly as if the classifier had never counted the
 * entities taken out. Pure: applying other rules to the result starts from
 * the check's verdict again.
 */
export function applyIgnores<O extends OutputFindings>(output: O, ignoring: IgnoreSettings): O {
  const matcher = ignoring.ignores && !ignoring.ignores.isEmpty ? ignoring.ignores : undefined;
  let anySuppressed = false;
  let changed = false;
  const entities = output.entities.map((f) => {
    const finding = isFinding(f.status);
    const ignored = finding && matcher ? f.keys.map((key) => matcher.match({ type: f.type, normalized: f.normalized, key }) !== undefined) : undefined;
    const anyIgnored = ignored?.some((x) => x) === true;
    const suppressed = (ignoring.severity[f.type] ?? 'warning') === 'off' || (anyIgnored && ignored!.every((x) => x));
    anySuppressed ||= suppressed;
    // Entities nothing hides, before and after, stay the same objects: most outputs of most files have none.
    if (!anyIgnored && !suppressed && f.ignored === undefined && f.suppressed === undefined) return f;
    changed = true;
    const { ignored: _ignored, suppressed: _suppressed, ...plain } = f;
    return { ...plain, ...(anyIgnored ? { ignored } : {}), ...(suppressed ? { suppressed: true as const } : {}) } as typeof f;
  });
  if (!changed && output.level === output.checked.level && output.explanation === output.checked.explanation) return output;
  const verdict = anySuppressed
    ? judgeKept(
        entities.filter((f) => !f.suppressed),
        ignoring.minEntities,
      )
    : output.checked;
  return { ...output, ...verdict, entities };
}

/**
 * The verdict of the entities left. The check's own judging already made
 * every entity its context gaps or switched-off rules touch indeterminate,
 * so judging again needs neither: it counts what is found, unverified,
 * contradicted and uncheckable among the entities kept.
 */
function judgeKept(kept: readonly EntityFindings[], minEntities: number): OutputVerdict {
  const entities: Entity[] = kept.map((f) => ({
    text: f.text,
    normalized: f.normalized,
    type: f.type,
    found: f.found,
    status: f.status,
    // Judging reads only the verdict of each entity, never where it is.
    locations: [],
    matches: [],
    span: [0, 0],
    occurrences: [],
    ...(f.rule !== undefined ? { rule: f.rule } : {}),
    ...(f.settled ? { settled: f.settled } : {}),
    ...(f.detail ? { detail: f.detail } : {}),
    ...(f.contextValue
      ? {
          contradiction: {
            value: f.contextValue.value,
            match: { part: f.contextValue.segment, start: 0, end: 0 },
            ...(f.contextValue.slot ? { slot: f.contextValue.slot } : {}),
          },
        }
      : {}),
  }));
  const { level, score, explanation } = judge(entities, minEntities, []);
  return { level, score, explanation };
}
