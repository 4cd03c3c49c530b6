/**
 * Shared checks for the format parser tests: load a fixture, detect its
 * format the way the product does (highest sniff wins), find segments by
 * label, and read back the raw characters a decoded range points at.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { detectFormat, SNIFF_LENGTH } from '../../../../shared/transcript/detect';
import { GROUNDING_ROLES, type FormatParser, type Segment, type Transcript } from '../../../../shared/transcript/model';

export const FIXTURES = resolve(__dirname, '../../../fixtures/transcripts');

export function fixturePath(rel: string): string {
  return join(FIXTURES, rel);
}

/** The id of the format the product would pick for this file. */
export function detectedId(rel: string): string | undefined {
  const raw = readFileSync(fixturePath(rel), 'utf8');
  return detectFormat(raw.slice(0, SNIFF_LENGTH), fixturePath(rel))?.parser.id;
}

/** Parses a fixture with the given parser, resolving `file://` reads next to it. */
export function parseFixture(parser: FormatParser, rel: string): { raw: string; t: Transcript } {
  const path = fixturePath(rel);
  const bytes = readFileSync(path);
  const raw = bytes.toString('utf8');
  const t = parser.parse({
    raw,
    path,
    bytes: new Uint8Array(bytes),
    readFile: (abs) => {
      try {
        return readFileSync(abs, 'utf8');
      } catch {
        return undefined;
      }
    },
  });
  return { raw, t };
}

export function byLabel(t: Transcript, label: string): Segment {
  const found = t.segments.filter((s) => s.label === label);
  assert.equal(found.length, 1, `expected one segment labelled "${label}", got ${found.length}: ${t.segments.map((s) => s.label).join(' | ')}`);
  return found[0];
}

/** The raw characters behind the first occurrence of `needle` in a segment. */
export function rawOf(raw: string, seg: Segment, needle: string): string {
  const at = seg.text.indexOf(needle);
  assert.ok(at >= 0, `"${needle}" not in segment "${seg.label}": ${seg.text}`);
  return raw.slice(seg.map.toRaw(at), seg.map.toRaw(at + needle.length));
}

/** Labels of the grounding ancestors of a segment, nearest first. */
export function groundingOf(t: Transcript, seg: Segment): string[] {
  const out: string[] = [];
  for (let p = seg.parent; p !== -1; p = t.segments[p].parent) {
    if (GROUNDING_ROLES.has(t.segments[p].role)) out.push(t.segments[p].label ?? t.segments[p].role);
  }
  return out;
}

/** The grounding context of a segment as one string, oldest first. */
export function contextText(t: Transcript, seg: Segment): string {
  const parts: string[] = [];
  for (let p = seg.parent; p !== -1; p = t.segments[p].parent) {
    if (GROUNDING_ROLES.has(t.segments[p].role)) parts.unshift(t.segments[p].text);
  }
  return parts.join('\n\n');
}

export function outputs(t: Transcript): Segment[] {
  return t.segments.filter((s) => s.isOutput);
}
