/**
 * What the format tests share: loading a fixture, detecting its format the
 * way the product does (highest sniff among all parsers), reading a segment's
 * raw characters back, and the grounding context an output sees on its branch.
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_FORMATS } from '../../../../shared/transcript/formats';
import { GROUNDING_ROLES, type FormatParser, type Segment, type Transcript } from '../../../../shared/transcript/model';

export const FIXTURES = join(__dirname, '../../../fixtures/transcripts');

export function readFixture(rel: string): string {
  return readFileSync(join(FIXTURES, rel), 'utf8');
}

/** The id of the format the product would pick for this file. */
export function detect(raw: string): string | undefined {
  const head = raw.slice(0, 65536);
  let best: FormatParser | undefined;
  let bestScore = 0;
  for (const f of ALL_FORMATS) {
    const score = f.sniff(head);
    if (score > bestScore) {
      best = f;
      bestScore = score;
    }
  }
  return best?.id;
}

/** Raw characters of the `nth` occurrence of `needle` in the segment's decoded text. */
export function rawOf(raw: string, seg: Segment, needle: string, nth = 0): string {
  let at = -1;
  for (let k = 0; k <= nth; k++) {
    at = seg.text.indexOf(needle, at + 1);
    assert.ok(at >= 0, `${JSON.stringify(needle)} not in segment ${seg.id}: ${JSON.stringify(seg.text)}`);
  }
  return raw.slice(seg.map.toRaw(at), seg.map.toRaw(at + needle.length));
}

/** Every segment maps inside the file, and segments come in file order (by where they start). */
export function assertWholeSegmentsMap(raw: string, t: Transcript): void {
  let previous = 0;
  for (const s of t.segments) {
    const start = s.map.toRaw(0);
    const end = s.map.toRaw(s.text.length);
    assert.ok(start >= 0 && end <= raw.length && start <= end, `segment ${s.id} maps outside the file`);
    assert.ok(start >= previous, `segment ${s.id} (${s.label}) starts before the segment listed ahead of it`);
    previous = start;
  }
}

/** Grounding text on the output's branch, newest first. */
export function groundingOf(t: Transcript, id: number): string[] {
  const out: string[] = [];
  for (let p = t.segments[id].parent; p >= 0; p = t.segments[p].parent) {
    const s = t.segments[p];
    if (GROUNDING_ROLES.has(s.role)) out.push(s.text);
  }
  return out;
}

export function isGrounded(t: Transcript, id: number, needle: string): boolean {
  return groundingOf(t, id).some((text) => text.includes(needle));
}

/** `role label` per segment, in file order. */
export function outline(t: Transcript): string[] {
  return t.segments.map((s) => `${s.role}${s.isOutput ? '*' : ''} ${s.label ?? ''}`.trimEnd());
}

export function outputs(t: Transcript): Segment[] {
  return t.segments.filter((s) => s.isOutput);
}

export function segmentWith(t: Transcript, needle: string, role?: Segment['role']): Segment {
  const s = t.segments.find((x) => x.text.includes(needle) && (!role || x.role === role));
  assert.ok(s, `no segment contains ${JSON.stringify(needle)}`);
  return s;
}
