/**
 * Cited sources. When a sentence of the output names the numbered passage
 * or document it draws on (`Passage 2 states…`, `… (passage 3)`, `[doc2]`,
 * `[1]`), an entity of that sentence must be found in that source. Found
 * only elsewhere in the context, it is misattributed: the value exists, the
 * citation does not support it.
 *
 * Sources are the context's own numbered sections, found by their headings
 * (`passage 2:`, `Document 2:`, `[2]` opening a line), or, when a context
 * has no such headings but several parts that are its sources (the passages
 * of a RAG row), context part N for `[N]`. The parts of an agent's session
 * (prompt lines, tool calls, results) are numbered by nothing the agent
 * sees, so there `[503]` is no citation of part 503.
 */
import type { Entity, Range } from '../classifier/types';
import type { ContextLookup } from '../lookup/contextLookup';
import type { OutputSentence } from './claims';

/** A reference in the output: `passage 2`, `passages 1 and 3`, `documents 2-4`, `source 1`, `[doc2]`, `[2]`. */
const REFERENCE =
  /\b(?:passages?|documents?|docs?|sources?)\s?(\d{1,3}(?:\s?(?:,|and|&|-|–|to)\s?\d{1,3}){0,5})\b|\[(?:doc(?:ument)?\s?|source\s?)?(\d{1,3})\]/gi;
/** Longest range a reference may span (`passages 1-3`); longer is not a list of sources. */
const MAX_RANGE = 20;
/** A section heading in the context: `passage 2:` or `Document 2:` anywhere, `[2]` at a line start. */
const HEADING = /\b(?:passage|document|doc|source)\s?(\d{1,3})\s?:|(?:^|\n)[ \t]{0,8}\[(\d{1,3})\]/gi;

export interface SourceRegion {
  part: number;
  start: number;
  end: number;
}

/**
 * Numbered sections of every part that has any, in part order, read once per
 * part: reading every part again for each citing sentence would make a
 * long session quadratic in its length. An index that grows (a session
 * still being written) gets its new parts read on the next question.
 */
const headingCache = new WeakMap<ContextLookup, { read: number; parts: { part: number; sections: Map<number, SourceRegion> }[] }>();

function sectionedParts(index: ContextLookup): { part: number; sections: Map<number, SourceRegion> }[] {
  let cached = headingCache.get(index);
  if (!cached) {
    cached = { read: 0, parts: [] };
    headingCache.set(index, cached);
  }
  for (; cached.read < index.partCount; cached.read++) {
    const sections = sectionsOf(index.partText(cached.read), cached.read);
    if (sections.size > 0) cached.parts.push({ part: cached.read, sections });
  }
  return cached.parts;
}

function sectionsOf(text: string, part: number): Map<number, SourceRegion> {
  const sections = new Map<number, SourceRegion>();
  const found: Array<{ n: number; start: number }> = [];
  for (const m of text.matchAll(HEADING)) found.push({ n: Number(m[1] ?? m[2]), start: m.index });
  found.forEach((h, i) => {
    const end = i + 1 < found.length ? found[i + 1].start : text.length;
    if (!sections.has(h.n)) sections.set(h.n, { part, start: h.start, end });
  });
  return sections;
}

/** The numbers a sentence cites; a sentence that is only references (`[1][2]`) cites for the one before it. */
export function citedNumbers(output: string, span: Range): number[] {
  const text = output.slice(span[0], span[1]);
  const out: number[] = [];
  for (const m of text.matchAll(REFERENCE)) {
    for (const n of referencedNumbers(m[1] ?? m[2])) if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** `1 and 3` → 1, 3; `2-4` → 2, 3, 4. */
function referencedNumbers(list: string): number[] {
  const out: number[] = [];
  const parts = list.split(/\s?(,|and|&|-|–|to)\s?/);
  for (let i = 0; i < parts.length; i += 2) {
    const n = Number(parts[i]);
    const joiner = parts[i - 1];
    const previous = out[out.length - 1];
    if ((joiner === '-' || joiner === '–' || joiner === 'to') && previous !== undefined && n > previous && n - previous <= MAX_RANGE) {
      for (let k = previous + 1; k <= n; k++) out.push(k);
    } else out.push(n);
  }
  return out;
}

function onlyReferences(output: string, span: Range): boolean {
  return (
    output
      .slice(span[0], span[1])
      .replace(REFERENCE, '')
      .replace(/[\s.,;()[\]]/g, '') === ''
  );
}

/** Regions for the cited numbers: headed sections in any searchable part, else part N for `[N]` where the parts are the sources. */
function regionsFor(numbers: readonly number[], index: ContextLookup, searchable: (part: number) => boolean, partsAreSources: boolean): SourceRegion[] {
  const regions: SourceRegion[] = [];
  let anyHeadings = false;
  for (const { part, sections } of sectionedParts(index)) {
    if (!searchable(part)) continue;
    anyHeadings = true;
    for (const n of numbers) {
      const r = sections.get(n);
      if (r) regions.push(r);
    }
  }
  if (!anyHeadings && partsAreSources && index.partCount > 1) {
    for (const n of numbers)
      if (n >= 1 && n <= index.partCount && searchable(n - 1)) regions.push({ part: n - 1, start: 0, end: index.partText(n - 1).length });
  }
  return regions;
}

/**
 * Marks found entities of citing sentences that none of the cited sources
 * holds as `misattributed` (not found, with the context locations kept so
 * an editor can show where the value really is). Citations and entities of
 * a sentence that cites a source the context does not have are left alone:
 * the reference itself is then the unverified claim.
 */
export function markMisattributed(
  output: string,
  sentences: readonly OutputSentence[],
  entities: Entity[],
  index: ContextLookup,
  searchable: (part: number) => boolean,
  partsAreSources: boolean,
): void {
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i];
    if (s.kind !== 'claim') continue;
    const numbers = citedNumbers(output, s.span);
    if (numbers.length === 0) continue;
    let span = s.span;
    if (onlyReferences(output, s.span) && i > 0) span = sentences[i - 1].span;
    const regions = regionsFor(numbers, index, searchable, partsAreSources);
    if (regions.length < numbers.length) continue;
    for (const e of entities) {
      if (!e.found || e.type === 'citation') continue;
      if (!e.occurrences.some((o) => o[0] >= span[0] && o[1] <= span[1])) continue;
      const supported = e.matches.some((m) => regions.some((r) => r.part === m.part && m.start >= r.start && m.end <= r.end));
      // Matches are capped; an entity found that often is too common to call misattributed.
      if (supported || e.matches.length >= 100) continue;
      e.found = false;
      e.status = 'misattributed';
    }
  }
}
