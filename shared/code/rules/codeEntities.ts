/**
 * The coding claims of an output, extracted beside the generic entities:
 * file and line references, and inline code read as code. Where one
 * overlaps a generic entity (the `46` of `AppSidebar.tsx:46`, the quoted
 * string a backticked name would otherwise be), the coding claim replaces it.
 */
import type { CodeClaim, ExtractedEntity, Range } from '../../classifier/types';
import { classifyInline, MAX_INLINE } from './inlineCode';
import { narrowed } from '../../extract/narrowed';
import { RangeSet, unionOfRanges } from '../../refine/rangeSet';
import { linePhrases, parseFileRef, proseFileRefs } from './fileReferences';
import { namesBlock } from './blockNames';
import { bySpanStart } from '../../refine/spanOrder';
import { baseName } from '../facts';

interface Found {
  span: Range;
  code: CodeClaim;
}

/** Farthest a path may sit after "line 12 of" / before ", line 12" to be the file the phrase means. */
const AFTER_GAP = 6;
const BEFORE_GAP = 14;
/** Farthest back a bare "line 12" looks for the file under discussion. */
const DISCUSSION_REACH = 600;

export function extractCodeEntities(output: string, fences: readonly Range[]): ExtractedEntity[] {
  const inline = inlineSpans(output, fences);
  const found: Found[] = [];
  for (const { span, inner } of inline) {
    const text = output.slice(inner[0], inner[1]).trim();
    const ref = parseFileRef(text);
    if (ref) {
      found.push({ span, code: { kind: 'file', path: ref.path, lines: ref.lines } });
      continue;
    }
    const kind = classifyInline(text);
    if (kind.kind === 'code') found.push({ span, code: { kind: 'code', whole: kind.whole, links: kind.links } });
  }
  const skip = unionOfRanges([...fences, ...inline.map((i) => i.span)]);
  for (const ref of proseFileRefs(output, skip)) found.push({ span: ref.span, code: { kind: 'file', path: ref.path, lines: ref.lines } });
  found.sort((a, b) => a.span[0] - b.span[0]);
  attachLinePhrases(output, found, skip);
  return merged(
    output,
    found.filter((f) => !(f.code.kind === 'file' && f.code.lines.length === 0 && namesBlock(output, f.span))),
  );
}

/** Single-backtick spans outside fences, on one line. */
function inlineSpans(output: string, fences: readonly Range[]): { span: Range; inner: Range }[] {
  const out: { span: Range; inner: Range }[] = [];
  let f = 0;
  // The first newline after `i`, looked for again only once `i` passes it: a line of thousands of spans is read once, not once per span.
  let newline = -2;
  let i = output.indexOf('`');
  while (i !== -1) {
    while (f < fences.length && fences[f][1] <= i) f++;
    if (f < fences.length && fences[f][0] <= i) {
      i = output.indexOf('`', fences[f][1]);
      continue;
    }
    let run = i;
    while (output[run] === '`') run++;
    if (run - i > 1) {
      // Double backticks and fences are not the single-backtick spans agents write.
      i = output.indexOf('`', run);
      continue;
    }
    const close = output.indexOf('`', i + 1);
    if (newline !== -1 && newline <= i) newline = output.indexOf('\n', i + 1);
    if (close === -1) break;
    if ((newline !== -1 && newline < close) || close - i - 1 > MAX_INLINE || close === i + 1) {
      i = newline !== -1 && newline < close ? output.indexOf('`', newline) : output.indexOf('`', close + 1);
      continue;
    }
    out.push({ span: [i, close + 1], inner: [i + 1, close] });
    i = output.indexOf('`', close + 1);
  }
  return out;
}

/**
 * "lines 24–42 of create.ts", "`create.ts` (line 20)", "NavUser.tsx, line
 * 54": a line phrase next to a path joins it; a phrase alone refers to the
 * last file named shortly before it, or to the file under discussion
 * (resolved against the session, `path` left undefined).
 */
function attachLinePhrases(output: string, found: Found[], skip: readonly Range[]): void {
  const paths = found.filter((f) => f.code.kind === 'file');
  const added: Found[] = [];
  // Phrases and paths are both in document order: two cursors walk them once.
  let next = 0; // first path starting at or after the phrase's end
  let prev = -1; // last path ending at or before the phrase's start
  for (const phrase of linePhrases(output, skip)) {
    while (next < paths.length && paths[next].span[0] < phrase.span[1]) next++;
    while (prev + 1 < paths.length && paths[prev + 1].span[1] <= phrase.span[0]) prev++;
    const after = paths[next];
    const before = prev >= 0 ? paths[prev] : undefined;
    const host =
      after && after.span[0] - phrase.span[1] <= AFTER_GAP && /^\s*(?:of|in|from)\s*$/i.test(output.slice(phrase.span[1], after.span[0]))
        ? after
        : before && phrase.span[0] - before.span[1] <= BEFORE_GAP && /^[\s,(:]*(?:at|on|in)?[\s(]*$/i.test(output.slice(before.span[1], phrase.span[0]))
          ? before
          : undefined;
    if (host && host.code.kind === 'file' && host.code.lines.length === 0) {
      host.code.lines.push(phrase.lines);
      host.span = [Math.min(host.span[0], phrase.span[0]), Math.max(host.span[1], phrase.span[1])];
      continue;
    }
    // The file a bare "line 12" means is one its own line names; a file named lines or items earlier may be another than the one meant.
    const earlier =
      before && phrase.span[0] - before.span[1] <= DISCUSSION_REACH && !output.slice(before.span[1], phrase.span[0]).includes('\n') ? before : undefined;
    const path = earlier && earlier.code.kind === 'file' ? earlier.code.path : undefined;
    // A list item's line may name a file it speaks of while its list is about another ("Changes to `build.sh`:" over
    // "- it writes resolv.conf at line 1449"): which of the two the line is in cannot be told.
    const listFile = path !== undefined ? otherFileOfList(output, phrase.span[0], paths, prev, path) : undefined;
    if (listFile !== undefined) {
      added.push({ span: phrase.span, code: { kind: 'file', lines: [phrase.lines], unsure: [path!, listFile] } });
      continue;
    }
    added.push({ span: phrase.span, code: { kind: 'file', ...(path !== undefined ? { path } : {}), lines: [phrase.lines] } });
  }
  found.push(...added);
  found.sort((a, b) => a.span[0] - b.span[0]);
}

const LIST_ITEM = /^[ \t]*(?:[-*+\u2022]|\d{1,3}[.)])[ \t]/;

/**
 * For a phrase in a list item: a file the line introducing its list names
 * (the nearest earlier line that is not an item of the same list, with no
 * blank line between), when it is another file than `path`. `prev` is the
 * last path before the phrase; paths are in document order.
 */
function otherFileOfList(output: string, at: number, paths: readonly Found[], prev: number, path: string): string | undefined {
  let s = output.lastIndexOf('\n', at - 1) + 1;
  const item = output.slice(s, Math.min(output.length, s + 40));
  if (!LIST_ITEM.test(item)) return undefined;
  const indent = item.length - item.trimStart().length;
  const floor = Math.max(0, at - DISCUSSION_REACH);
  const own = baseName(path).toLowerCase();
  while (s > floor) {
    const e = s - 1;
    s = output.lastIndexOf('\n', e - 1) + 1;
    const line = output.slice(s, e);
    if (line.trim() === '') return undefined;
    if (LIST_ITEM.test(line) && line.length - line.trimStart().length >= indent) continue;
    for (let k = prev; k >= 0 && paths[k].span[1] > s; k--) {
      const other = paths[k].code;
      if (paths[k].span[0] >= e || other.kind !== 'file' || other.path === undefined) continue;
      const name = baseName(other.path);
      if (name.includes('.') && name.toLowerCase() !== own) return other.path;
    }
    return undefined;
  }
  return undefined;
}

/** One entity per distinct claim, every place it is made as an occurrence. */
function merged(output: string, found: readonly Found[]): ExtractedEntity[] {
  const byKey = new Map<string, ExtractedEntity>();
  const out: ExtractedEntity[] = [];
  for (const f of found) {
    // Occurrences of one entity read the same (the editor and reports show one text for all of them).
    const key = `${claimKey(f.code)}\u0000${output.slice(f.span[0], f.span[1]).toLowerCase()}`;
    const seen = byKey.get(key);
    if (seen) {
      seen.occurrences.push(f.span);
      continue;
    }
    const text = output.slice(f.span[0], f.span[1]);
    const form = f.code.kind === 'code' ? f.code.whole : (f.code.path ?? text);
    const entity: ExtractedEntity = { text, type: 'identifier', span: f.span, forms: [form], occurrences: [f.span], code: f.code };
    byKey.set(key, entity);
    out.push(entity);
  }
  return out;
}

function claimKey(code: CodeClaim): string {
  if (code.kind === 'code') return `code\u0000${code.whole}`;
  return `file\u0000${code.path ?? ''}\u0000${code.lines.map((l) => l.join('-')).join(',')}`;
}

/**
 * The generic entities with every occurrence that overlaps a coding claim
 * removed (entities left with none are dropped), and the coding claims
 * added, in document order.
 */
export function withCodeEntities(output: string, generic: readonly ExtractedEntity[], code: readonly ExtractedEntity[]): ExtractedEntity[] {
  if (code.length === 0) return [...generic];
  const taken = new RangeSet(code.flatMap((e) => e.occurrences));
  const out: ExtractedEntity[] = [...code];
  for (const e of generic) {
    const occurrences = e.occurrences.filter((o) => !taken.overlaps(o[0], o[1]));
    if (occurrences.length === 0) continue;
    if (occurrences.length === e.occurrences.length) out.push(e);
    else out.push(narrowed(e, output, occurrences));
  }
  return bySpanStart(out);
}
