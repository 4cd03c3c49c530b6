/**
 * Generated inputs for the fuzzer: real files damaged the ways files get
 * damaged (cut short, spliced, a line duplicated, an escape broken, markup
 * that opens and never closes), and text made from nothing.
 */
import fc from 'fast-check';
import type { Seed } from './seeds';

/** Fragments that break parsers: JSON and escape syntax, fences, speaker labels, odd code units. */
// biome-ignore format: a list of words or values reads best packed
const TRICKY = [
  '"', '\\', '\\u', '\\ud83d', '\\udc00', '\\n', '{', '}', '[', ']', ',', ':', 'null', '1e999', '-0', '{"type":"assistant"',
  '\n', '\r\n', '\r', '\u2028', '\ufeff', '\ud83d', '\udc00', '\u0000', '```', '```\n', '~~~', '<details>', '</details>', '<!--',
  '\n## User\n', '\n_**Assistant**_\n', '\n#### ', '> ', '|---|', 'file://', 'file:///etc/passwd', '*&a', '&a [*a, *a]', '---\n',
];

type Op =
  | { kind: 'insert'; at: number; text: string }
  | { kind: 'delete'; at: number; len: number }
  | { kind: 'duplicate'; at: number; len: number; to: number }
  | { kind: 'truncate'; at: number };

const text = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 }));
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), len: fc.nat(64) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), len: fc.nat(400), to: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
);

export function applyOps(raw: string, ops: readonly Op[]): string {
  let s = raw;
  for (const o of ops) {
    const at = s.length === 0 ? 0 : o.at % (s.length + 1);
    if (o.kind === 'insert') s = s.slice(0, at) + o.text + s.slice(at);
    else if (o.kind === 'delete') s = s.slice(0, at) + s.slice(at + o.len);
    else if (o.kind === 'truncate') s = s.slice(0, at);
    else {
      const piece = s.slice(at, at + o.len);
      const to = s.length === 0 ? 0 : o.to % (s.length + 1);
      s = s.slice(0, to) + piece + s.slice(to);
    }
  }
  return s;
}

export interface FuzzInput {
  raw: string;
  /** The seed it came from, or undefined for text made from nothing. */
  seed?: Seed;
}

export function fuzzInputs(seeds: readonly Seed[]): fc.Arbitrary<FuzzInput> {
  const mutated = fc
    .record({ seed: fc.constantFrom(...seeds), ops: fc.array(op, { minLength: 1, maxLength: 6 }) })
    .map(({ seed, ops }) => ({ raw: applyOps(seed.raw, ops), seed }));
  const fromNothing = fc
    .oneof(
      fc.string({ maxLength: 300 }),
      fc.json({ maxDepth: 5 }),
      fc.array(fc.json({ maxDepth: 3 }), { maxLength: 6 }).map((lines) => lines.join('\n')),
      fc.array(fc.oneof(fc.constantFrom(...TRICKY), fc.string({ maxLength: 20 })), { maxLength: 30 }).map((parts) => parts.join('')),
    )
    .map((raw) => ({ raw }));
  return fc.oneof({ weight: 4, arbitrary: mutated }, { weight: 1, arbitrary: fromNothing });
}
