/**
 * Hover on an entity: its type, normalized form, verdict, what was searched,
 * and where the context has it (or the closest thing it says) as links that
 * open the references peek. Where the context has it is asked of the worker
 * for the one entity hovered (see entityPlaces.ts).
 */
import { MarkupKind, type Hover, type Location, type Position } from 'vscode-languageserver/node';
import type { DocumentText } from './lazyTextDocument';
import { ClientCommands } from '../../shared/protocol/messages';
import type { DocumentState } from './documentState';
import { docsUrl, ruleDocsUrl, typeAbout, typeTitle } from '../../shared/docs/entityTypeDocs';
import { ruleDoc } from '../../shared/classifier/rules';
import type { PlacesOf } from './definitions';
import type { ContextPlace, EntityFinding, OutputFinding } from './fileAnalysis';
import { placeLocation, toLspRange } from './positions';

const VERDICT: Record<string, string> = {
  grounded: '✓ grounded: the context has it',
  unverified: '✗ unverified: not in the context of this turn',
  indeterminate: '? indeterminate: the context is known to be incomplete',
  contradicted: '✗ contradicted: the context gives a different value',
  misattributed: '✗ misattributed: in the context, but not in the source cited for it',
};

/** Links shown per hover; the rest are one "Find References" away. */
const MAX_LINKS = 8;

export async function hover(state: DocumentState, position: Position, placesOf: PlacesOf): Promise<Hover | null> {
  const p = state.current();
  if (!p) return state.running ? { contents: { kind: MarkupKind.Markdown, value: 'groundcheck: checking this file…' } } : null;
  const doc = state.doc;
  const hit = state.occurrenceIndex(p).at(doc.offsetAt(position));
  if (!hit) return null;
  const { output, entity } = hit;
  const places = entity.noPlaces ? undefined : (entity.places ?? (await placesOf(hit, p.version, false)));
  // Edited while the worker answered: the hover would describe text that is no longer there.
  if (state.current() !== p) return null;
  const lines = [
    `**groundcheck** · [${typeTitle(entity.type)}](${docsUrl(entity.type)}) \`${entity.text}\``,
    '',
    entity.rule
      ? `${VERDICT[entity.status]} · rule [${entity.rule}](${ruleDocsUrl(entity.rule)}): ${ruleDoc(entity.rule)?.summary ?? ''}`
      : VERDICT[entity.status],
    '',
    `Normalized: \`${entity.normalized}\` · ${typeAbout(entity.type)}`,
    '',
    `Searched the context of this ${output.label} (line ${output.line + 1}): ${output.searched}`,
  ];
  const claim = claimLine(output, entity);
  if (entity.detail) lines.splice(3, 0, '', `Checked: ${entity.detail}`);
  if (claim) lines.splice(3, 0, '', claim);
  // A rule that does not flag here gives its own reason (in Checked); the context's gaps are the reason otherwise.
  const missing = entity.status === 'indeterminate' && output.gaps.length > 0 && (entity.rule === 'context-gaps' || !entity.detail);
  if (missing) lines.push('', `Missing: ${output.gaps.join(' ')}`);
  // Whether what the project's instruction files say was searched too (the log never holds them), unless a gap above said so.
  const instructions = p.analysis.instructions;
  if (instructions && !(missing && output.gaps.some((g) => g.includes(instructions)))) lines.push('', `Project instructions: ${instructions}`);
  if (places && places.matches.length > 0) {
    lines.push(
      '',
      places.morePlaces
        ? `Found more than ${places.matchCount - 1} times, nearest first:`
        : `Found ${places.matchCount} time${places.matchCount === 1 ? '' : 's'}:`,
    );
    for (const m of places.matches.slice(0, MAX_LINKS)) lines.push(`- ${placeLink(doc, position, m)}`);
    if (places.morePlaces) lines.push('- … more (Find All References)');
    else if (places.matchCount > MAX_LINKS) lines.push(`- … ${places.matchCount - MAX_LINKS} more (Find All References)`);
  } else if (entity.closest) {
    lines.push('', `Closest in the context: \`${entity.closest.text}\` beside "${entity.closest.near}" — ${placeLink(doc, position, entity.closest)}`);
  }
  return {
    contents: { kind: MarkupKind.Markdown, value: lines.join('\n') },
    range: toLspRange(doc, entity.occurrences[hit.occurrence]),
  };
}

/** Longest claim quoted in full; longer ones are cut at a word. */
const MAX_CLAIM_CHARS = 160;

/** "claim 2 of 4: contradicted — 'It opens at 8am on Tuesdays'" for the claim holding the entity (refined profile). */
function claimLine(output: OutputFinding, entity: EntityFinding): string | undefined {
  const claims = output.claims;
  if (!claims || claims.length === 0) return undefined;
  const index = output.entities.indexOf(entity);
  const at = claims.findIndex((c) => c.entityIndexes.includes(index));
  if (at < 0) return undefined;
  const c = claims[at];
  const verdict = c.verdict === 'no-entities' ? 'nothing to check' : c.verdict;
  return `claim ${at + 1} of ${claims.length}: ${verdict} — '${quoteClaim(c.text)}'`;
}

function quoteClaim(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_CLAIM_CHARS) return flat;
  const cut = flat.lastIndexOf(' ', MAX_CLAIM_CHARS);
  return `${flat.slice(0, cut > 0 ? cut : MAX_CLAIM_CHARS)}…`;
}

/** A `label, line N` link running the client's references peek on that one place. */
function placeLink(doc: DocumentText, from: Position, place: ContextPlace): string {
  const location: Location = placeLocation(doc, place);
  const args = encodeURIComponent(JSON.stringify([doc.uri, from, [location]]));
  return `[${place.label}, line ${location.range.start.line + 1}](command:${ClientCommands.showReferences}?${args})`;
}
