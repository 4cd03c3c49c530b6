/**
 * The conversation view of a checked document: its segments in file order
 * and, over each output, one mark per entity occurrence with its verdict in
 * words and its raw range, drawn as HTML by the same renderer as the CLI's
 * HTML report. Built in the worker from the check it already holds.
 */
import { applyIgnores } from '../../shared/check/fileFindings';
import { IgnoreMatcher } from '../../shared/check/ignores';
import type { Entity } from '../../shared/classifier/types';
import type { Transcript } from '../../shared/transcript/model';
import { conversationParts } from '../../shared/report/renderConversation';
import type { FileView, Mark, OutputVerdict } from '../../shared/report/reportModel';
import { reportSegment } from '../../shared/report/reportSegment';
import type { Analyzed } from './analyze';
import { nearestPlaces } from './entityPlaces';
import type { ContextPlace, EntityFinding, EntityPlaces, OutputFinding } from './fileAnalysis';
import type { ViewIgnoring } from './workerProtocol';

/**
 * Context text shown per turn in the view. The rest is a click away in the
 * raw file (the cut note selects the turn there); without the cut a session
 * of long tool results is a page as large as the file.
 */
const VIEW_CONTEXT_CHARS = 2000;

export interface ConversationView {
  /** The page before the first turn, each turn, and what closes it (see `conversationParts`). */
  head: string;
  turns: string[];
  tail: string;
  /** Where each turn starts in the raw file (-1 when it has no place of its own). */
  starts: number[];
  outputs: number;
  /** Marked occurrences that are findings (unverified, contradicted, misattributed). */
  findings: number;
}

/** A piece of a view: turns `from`… of `total`, with what every page needs. */
export interface ConversationPage extends Omit<ConversationView, 'turns'> {
  from: number;
  turns: string[];
  total: number;
}

/** Turns `from`… until their HTML reaches `chars` characters (at least one). */
export function pageOf(view: ConversationView, from: number, chars: number): ConversationPage {
  let to = from;
  let size = 0;
  while (to < view.turns.length && (to === from || size + view.turns[to].length <= chars)) size += view.turns[to++].length;
  return { ...view, from, turns: view.turns.slice(from, to), total: view.turns.length };
}

/** `ignoring`: the rules the levels shown are after, as the lenses' and the CLI's. */
export function conversationView(analyzed: Analyzed, file: string, ignoring?: ViewIgnoring): ConversationView {
  const view = fileViewOf(analyzed, file, ignoring);
  return { ...conversationParts(view, 0, VIEW_CONTEXT_CHARS), outputs: view.outputs.length };
}

function fileViewOf(analyzed: Analyzed, file: string, ignoring: ViewIgnoring | undefined): FileView {
  const { analysis, transcript, check } = analyzed;
  const problems = [...analysis.reasons.filter((r) => !r.startsWith('context incomplete')), ...analysis.errors.map((e) => e.message)];
  if (!transcript || !check) return { file, problems, gaps: [], segments: [], outputs: [] };
  const entitiesOf = new Map<number, Entity[]>();
  for (const o of check.outputs) entitiesOf.set(o.segment, o.result.entities);
  const fileGaps = new Set(analysis.fileGaps);
  const rules = ignoring && { severity: ignoring.severity, minEntities: ignoring.minEntities, ignores: new IgnoreMatcher(ignoring.store) };
  const outputs: OutputVerdict[] = analysis.outputs.map((checked) => {
    const o = rules ? applyIgnores(checked, rules) : checked;
    return {
      segment: o.segment,
      level: o.level,
      score: o.score,
      explanation: o.explanation,
      gaps: o.gaps.filter((g) => !fileGaps.has(g)),
      marks: marksOf(transcript, o, entitiesOf.get(o.segment) ?? []),
    };
  });
  return {
    file,
    format: transcript.format,
    problems,
    gaps: analysis.fileGaps,
    segments: transcript.segments.map((s) => reportSegment(s, true)),
    outputs,
    ...(analysis.usage ? { usage: analysis.usage.summary } : {}),
  };
}

/** Decoded spans come from the check's entities, raw ranges from its findings: the same entities, in the same order. */
function marksOf(t: Transcript, output: OutputFinding, entities: readonly Entity[]): Mark[] {
  const marks: Mark[] = [];
  output.entities.forEach((f, i) => {
    const e = entities[i];
    if (!e || e.text !== f.text) return;
    const { note, target } = verdictOf(f, output, () => nearestPlaces(t, e));
    e.occurrences.forEach(([start, end], k) => {
      const raw = f.occurrences[k];
      marks.push({ start, end, type: f.type, status: f.status, note, ...(target !== undefined ? { target } : {}), ...(raw ? { raw: [raw[0], raw[1]] } : {}) });
    });
  });
  return marks;
}

/** `placesOf` reads where the context has the entity: only a grounded one's note names it. */
function verdictOf(f: EntityFinding, output: OutputFinding, placesOf: () => EntityPlaces): { note: string; target?: number } {
  const what = `${f.type} '${shorten(f.text)}'`;
  const detail = f.detail ? ` (${f.detail})` : '';
  if (f.status === 'grounded') {
    const places = placesOf();
    const first = places.matches[0];
    if (!first) return { note: `grounded: ${what} is in the context${detail}` };
    const more = places.morePlaces
      ? ' and more places'
      : places.matchCount > 1
        ? ` and ${places.matchCount - 1} more place${places.matchCount === 2 ? '' : 's'}`
        : '';
    return { note: `grounded: ${what} is in the context at ${where(first)}${more}${detail}`, target: first.segment };
  }
  if (f.status === 'indeterminate') {
    return { note: `indeterminate: ${what} is not in the context, which is known to be incomplete${output.gaps[0] ? `: ${output.gaps[0]}` : ''}` };
  }
  if (f.contradiction !== undefined && f.contradictionAt) {
    return {
      note: `${f.status}: ${what}; the context says '${shorten(f.contradiction)}' at ${where(f.contradictionAt)}${detail}`,
      target: f.contradictionAt.segment,
    };
  }
  const base = `${f.status}: ${what} is not in the context${detail}`;
  if (f.closest) return { note: `${base}; closest: '${shorten(f.closest.text)}' at ${where(f.closest)}`, target: f.closest.segment };
  return { note: base };
}

function where(p: ContextPlace): string {
  return p.source || p.entry ? `${p.label} (${p.source ?? p.entry})` : p.label;
}

function shorten(text: string, max = 80): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
