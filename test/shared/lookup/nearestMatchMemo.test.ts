import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import type { ContextMatch } from '../../../shared/classifier/types';
import { TranscriptIndex } from '../../../shared/check/transcriptIndex';
import { ContextIndex, type FindOptions } from '../../../shared/lookup/contextIndex';
import { GrowingContextIndex } from '../../../shared/lookup/growingContextIndex';
import { NearestMatchMemo } from '../../../shared/lookup/nearestMatchMemo';
import type { Role } from '../../../shared/transcript/model';
import { lines, transcriptFromLines } from '../transcript/handBuilt';

const words = fc.constantFrom('src/app.ts ', 'app ', 'line 42 ', 'Port 8080. ', 'port 8080 ', '8080 ', 'read ', '\n');
const forms = ['src/app.ts', 'app', 'line 42', 'Port 8080', '8080', 'port', 'a'];

describe('lookups from a part on', () => {
  it('find and findLast with `from` give the matches of the parts from there on', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(words, { maxLength: 12 }).map((w) => w.join('')),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom(...forms),
        fc.boolean(),
        fc.integer({ min: 0, max: 9 }),
        fc.option(fc.integer({ min: 0, max: 9 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
        (parts, form, strict, from, before, limit) => {
          const split = Math.max(1, Math.floor(parts.length / 2));
          const grown = GrowingContextIndex.build(parts.slice(0, split));
          grown.append(parts.slice(split));
          for (const index of [ContextIndex.build(parts), grown]) {
            const all = { strict, accept: (p: number) => p % 3 !== 2, ...(before === undefined ? {} : { before }) };
            const after = (m: ContextMatch) => m.part >= from;
            const first = index.find(form, { ...all }).filter(after);
            const last = index.findLast(form, { ...all }).filter(after);
            assert.deepEqual(index.find(form, { ...all, from, limit }), limit === undefined ? first : first.slice(0, limit));
            assert.deepEqual(index.findLast(form, { ...all, from, limit }), limit === undefined ? last : last.slice(0, limit));
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** A transcript whose segments hang anywhere: on the line before, on an earlier or a later line, or nowhere. */
const transcripts = fc
  .array(
    fc.record({
      role: fc.constantFrom<Role>('user', 'tool_result', 'assistant', 'assistant', 'tool_call', 'system'),
      text: fc.array(words, { minLength: 1, maxLength: 10 }).map((w) => w.join('')),
      parent: fc.oneof(fc.constant('previous' as const), fc.integer({ min: -1, max: 30 })),
    }),
    { minLength: 2, maxLength: 30 },
  )
  .map((segments) =>
    transcriptFromLines(
      lines(
        ...segments.map((s, id) => ({
          role: s.role,
          text: s.text,
          parent: s.parent === 'previous' ? id - 1 : s.parent < segments.length && s.parent !== id ? s.parent : -1,
          output: s.role === 'assistant',
        })),
      ),
    ),
  );

describe('remembering each form’s nearest matches from one output to the next', () => {
  it('gives every output, in any order, what the index gives it, with and without keep and examine', () => {
    fc.assert(
      fc.property(transcripts, fc.boolean(), fc.boolean(), fc.integer({ min: 0, max: 1000 }), (t, strict, echo, seed) => {
        const index = TranscriptIndex.build(t);
        // The same parts in an index that remembers nothing.
        const plain = ContextIndex.build(Array.from({ length: index.lookup.partCount }, (_, p) => index.lookup.partText(p)));
        const outputs = t.segments.filter((s) => s.isOutput).map((s) => s.id);
        // File order first (as a check runs), then an order of the seed's (as an editor re-checks turns).
        const shuffled = [...outputs].sort((a, b) => ((a * 7919 + seed) % 101) - ((b * 7919 + seed) % 101));
        for (const id of [...outputs, ...shuffled]) {
          const base: FindOptions = { strict, accept: index.acceptFor(id, echo), before: index.beforeFor(id) };
          const keep = (part: number, start: number) => (part + start) % 2 === 0;
          for (const form of forms) {
            for (const opts of [
              { ...base, limit: 3 },
              { ...base, limit: 100 },
              { ...base, limit: 1, keep, examine: 4 },
              { ...base, keep, examine: 6 },
            ]) {
              assert.deepEqual(index.lookup.findLast(form, opts), plain.findLast(form, opts), `output ${id}, ${form}`);
            }
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('reads only the parts added since, for a later output of the same conversation', () => {
    const parts = ['src/app.ts', 'app.ts src/app.ts', 'nothing', 'src/app.ts again'];
    const asked: FindOptions[] = [];
    const inner = ContextIndex.build(parts);
    const memo = new NearestMatchMemo(
      (form, opts) => {
        asked.push(opts);
        return inner.findLast(form, opts);
      },
      () => true,
    );
    const first = memo.scope(() => true, { output: 10, group: 0, before: 2 });
    const later = memo.scope(() => true, { output: 11, group: 0, before: 4 });
    // A form is remembered from its second lookup on.
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(
        memo.findLast('src/app.ts', { strict: false, accept: first, before: 2, limit: 100 }).map((m) => m.part),
        [1, 0],
      );
    }
    assert.deepEqual(
      memo.findLast('src/app.ts', { strict: false, accept: later, before: 4, limit: 100 }).map((m) => m.part),
      [3, 1, 0],
    );
    assert.deepEqual(
      asked.map((o) => [o.from, o.before]),
      [
        [undefined, 2],
        [0, 2],
        [2, 4],
      ],
    );
  });

  it('answers as the index does after remembering more forms than it keeps', () => {
    // More forms than the memo keeps (4,096), each asked twice so that it is remembered: the oldest are forgotten.
    const names = Array.from({ length: 4400 }, (_, i) => `id${((i * 2654435761) >>> 0).toString(36)}`);
    const parts = [names.join(' '), names.slice(0, 2200).join(' '), 'nothing', names.filter((_, i) => i % 2 === 0).join(' ')];
    const inner = ContextIndex.build(parts);
    const memo = new NearestMatchMemo(
      (form, opts) => inner.findLast(form, opts),
      () => true,
    );
    const first = memo.scope(() => true, { output: 10, group: 0, before: 2 });
    const later = memo.scope(() => true, { output: 11, group: 0, before: 4 });
    for (const name of names) memo.findLast(name, { strict: false, accept: first, before: 2, limit: 100 });
    for (const name of names) {
      const opts = { strict: false, accept: first, before: 2, limit: 100 };
      assert.deepEqual(memo.findLast(name, opts), inner.findLast(name, opts), name);
    }
    for (const name of names) {
      const opts = { strict: false, accept: later, before: 4, limit: 100 };
      assert.deepEqual(memo.findLast(name, opts), inner.findLast(name, opts), name);
    }
  });
});
