/**
 * Checks one output against the passages it was written from: the
 * classifier over a multi-part context, each finding with its span in the
 * output and its evidence as spans in the passages.
 */
import { findClosestMatch } from '../shared/check/closestMatch';
import { isFinding } from '../shared/classifier/findingStatus';
import type { ContextMatch, Entity } from '../shared/classifier/types';
import { ContextIndex } from '../shared/lookup/contextIndex';
import { matchesOnce } from '../shared/lookup/lookupEntities';
import { classifyAgainst } from '../shared/pipeline/classify';
import { MarkupAwareIndex } from '../shared/refine/markup/markupIndex';
import { entityMessage } from './messages';
import { classifyOptions } from './options';
import type { CheckedEntity, CheckOptions, ContextEvidence, ContextInput, Finding, OutputResult, Passage } from './types';

/** Grounded and misattributed entities list at most this many places of the context. */
const EVIDENCE_PLACES = 5;

export function checkOutput(output: string, context: ContextInput, options: CheckOptions = {}): OutputResult {
  if (typeof output !== 'string') throw new TypeError(`output must be a string, got ${describe(output)}`);
  return contextChecker(context, options)(output);
}

/**
 * A checker of outputs against one context, indexed once: what a stream
 * needs, checking its text again at each sentence it completes.
 */
export function contextChecker(context: ContextInput, options: CheckOptions = {}): (output: string) => OutputResult {
  const passages = passagesOf(context);
  const classify = classifyOptions(options);
  const texts = passages.map((p) => p.text);
  // The refined profile reads the context through its markup, as `classify` does; ranges stay in the text given.
  const index = classify.profile === 'refined' ? MarkupAwareIndex.build(texts) : ContextIndex.build(texts);
  return (output) => {
    const result = classifyAgainst(output, index, classify);
    const entities = result.entities.map((e) => checkedEntity(e, output, passages));
    return {
      level: result.level,
      score: result.score,
      explanation: result.explanation,
      findings: entities.filter((e): e is Finding => isFinding(e.verdict) && e.rule !== undefined),
      entities,
    };
  };
}

/** The context as passages, checked: a caller in plain JavaScript may pass anything. */
export function passagesOf(context: ContextInput): Passage[] {
  if (typeof context === 'string') return [{ text: context }];
  if (!Array.isArray(context)) throw new TypeError(`context must be a string or an array of passages, got ${describe(context)}`);
  return context.map((p, i) => {
    if (typeof p === 'string') return { text: p };
    if (p === null || typeof p !== 'object' || typeof p.text !== 'string') {
      throw new TypeError(`context[${i}] must be a string or { text: string, id?: string }, got ${describe(p)}`);
    }
    if (p.id !== undefined && typeof p.id !== 'string') throw new TypeError(`context[${i}].id must be a string, got ${describe(p.id)}`);
    return p.id === undefined ? { text: p.text } : { text: p.text, id: p.id };
  });
}

function checkedEntity(e: Entity, output: string, passages: readonly Passage[]): CheckedEntity {
  const rule = e.rule;
  const contextSays = e.contradiction?.value;
  return {
    value: e.text,
    kind: e.type,
    verdict: e.status,
    ...(rule !== undefined ? { rule } : {}),
    span: { start: e.span[0], end: e.span[1] },
    occurrences: e.occurrences.map(([start, end]) => ({ start, end })),
    message: entityMessage(e.type, e.text, e.status, contextSays, e.detail),
    ...(contextSays !== undefined ? { contextSays } : {}),
    evidence: evidenceOf(e, output, passages),
    ...(e.detail ? { detail: e.detail } : {}),
  };
}

function evidenceOf(e: Entity, output: string, passages: readonly Passage[]): ContextEvidence[] {
  if (e.contradiction) return [place(e.contradiction.match, passages)];
  if (e.status === 'unverified' && !e.detail) {
    // What the context says nearest to the value: the first thing a reader checks it against.
    const parts = passages.map((p, id) => ({ id, text: p.text }));
    const closest = findClosestMatch({ type: e.type, text: e.text, output, span: e.span }, parts);
    return closest ? [place({ part: closest.part, start: closest.start, end: closest.end }, passages)] : [];
  }
  if (e.status === 'indeterminate') return [];
  return matchesOnce(e)
    .slice(0, EVIDENCE_PLACES)
    .map((m) => place(m, passages));
}

function place(m: ContextMatch, passages: readonly Passage[]): ContextEvidence {
  const passage = passages[m.part];
  return {
    passage: m.part,
    ...(passage.id !== undefined ? { id: passage.id } : {}),
    span: { start: m.start, end: m.end },
    text: passage.text.slice(m.start, m.end),
  };
}

function describe(x: unknown): string {
  return x === null ? 'null' : Array.isArray(x) ? 'an array' : typeof x;
}
