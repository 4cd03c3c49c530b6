/**
 * The one-line human summary of a result. Names at most three unverified
 * entities ("number '$4.2M' not found in context.") so a log line stays short.
 */
import type { ContextGap, Entity } from '../classifier/types';

const NAMED_AT_MOST = 3;

function allVerified(): string {
  return 'All extracted entities verified in context.';
}

/** For a result with a verdict: what was not found, and what could not be checked. */
export function verdictExplanation(
  unverified: readonly Entity[],
  uncheckable: number,
  gaps: readonly ContextGap[],
  contradicted: readonly Entity[] = [],
): string {
  if (contradicted.length > 0) {
    const rest = unverified.length > 0 || uncheckable > 0 ? ` ${verdictExplanation(unverified, uncheckable, gaps)}` : '';
    return `${contradictionNote(contradicted)}${rest}`;
  }
  if (unverified.length === 0) {
    if (uncheckable === 0) return allVerified();
    return `All checkable entities verified in context. ${uncheckableNote(uncheckable, gaps)}`;
  }
  const named = unverified.slice(0, NAMED_AT_MOST).map((e) => `${e.type} '${e.text}'`);
  const rest = unverified.length - named.length;
  const list = rest > 0 ? `${named.join(', ')} and ${rest} more` : joinWithAnd(named);
  const sentence = `${list} not found in context.`;
  return uncheckable > 0 ? `${sentence} ${uncheckableNote(uncheckable, gaps)}` : sentence;
}

/** `number '4.5 stars' contradicted: context says 4.0.` for at most three entities. */
function contradictionNote(contradicted: readonly Entity[]): string {
  const named = contradicted
    .slice(0, NAMED_AT_MOST)
    .map(
      (e) => `${e.type} '${e.text}' contradicted: context says ${e.contradiction?.value ?? '?'}${e.contradiction?.slot ? ` (${e.contradiction.slot})` : ''}`,
    );
  const rest = contradicted.length - named.length;
  return `${named.join('; ')}${rest > 0 ? `; and ${rest} more contradicted` : ''}.`;
}

export function tooFewEntities(extracted: number, minEntities: number): string {
  if (extracted === 0) return 'No checkable entities in the output.';
  return `Only ${extracted} checkable ${extracted === 1 ? 'entity' : 'entities'} in the output; at least ${minEntities} needed.`;
}

export function contextIncomplete(uncheckable: number, gaps: readonly ContextGap[]): string {
  return `Context is incomplete: ${gapMessages(gaps)}. ${uncheckable} unfound ${uncheckable === 1 ? 'entity' : 'entities'} could not be checked.`;
}

function uncheckableNote(uncheckable: number, gaps: readonly ContextGap[]): string {
  return `${uncheckable} ${uncheckable === 1 ? 'entity' : 'entities'} could not be checked: ${gapMessages(gaps)}.`;
}

function gapMessages(gaps: readonly ContextGap[]): string {
  return gaps.map((g) => withoutFinalPunctuation(g.message)).join('; ');
}

function withoutFinalPunctuation(message: string): string {
  let end = message.length;
  while (end > 0 && (message[end - 1] === '.' || message[end - 1] === ' ')) end--;
  return message.slice(0, end);
}

function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
