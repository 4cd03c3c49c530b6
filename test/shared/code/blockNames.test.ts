/**
 * A file name alone on the line before a fenced block is the block's title.
 * The line is read outward from the name, so it must say what the plain
 * definition says: the line, with `` ` ``, `*` and `:` taken out and
 * trimmed, is the name, and a fence follows.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { namesBlock } from '../../../shared/code/rules/blockNames';

/** The definition, read off the whole line. */
function byDefinition(output: string, span: [number, number]): boolean {
  const s = output.lastIndexOf('\n', span[0] - 1) + 1;
  const nl = output.indexOf('\n', span[0]);
  const e = nl < 0 ? output.length : nl;
  if (output.slice(s, e).replace(/[`*:]/g, '').trim() !== output.slice(span[0], span[1]).replace(/[`*:]/g, '').trim()) return false;
  const next = output.slice(e + 1, e + 1 + 200).trimStart();
  return next.startsWith('```') || next.startsWith('~~~');
}

const at = (output: string, name: string): [number, number] => {
  const i = output.indexOf(name);
  return [i, i + name.length];
};

describe('block titles', () => {
  it('reads a name alone on its line, in markup, before a fence as the title of the block', () => {
    for (const output of ['Here it is.\n\n**`src/app.ts`:**\n```ts\nexport {};\n```', 'src/app.ts\n~~~\nx\n~~~', '  `src/app.ts` :\r\n\n```\nx\n```']) {
      assert.ok(namesBlock(output, at(output, 'src/app.ts')), output);
    }
  });

  it('does not when the line says more, or no fence follows', () => {
    for (const output of ['I changed src/app.ts:\n```ts\nx\n```', 'src/app.ts\nthen the rest', 'See src/app.ts, src/b.ts\n```\nx\n```']) {
      assert.ok(!namesBlock(output, at(output, 'src/app.ts')), output);
    }
  });

  it('agrees with the definition on any line', () => {
    const piece = fc.constantFrom('`', '*', ':', ' ', '\t', '\r', '\n', '```\n', '~~~', 'a', 'src/x.ts', ',', '\u00a0');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), fc.array(piece, { maxLength: 12 }), fc.array(piece, { maxLength: 4 }), (before, after, name) => {
        const text = name.join('') || 'x.ts';
        const output = `${before.join('')}${text}${after.join('')}`;
        const span: [number, number] = [before.join('').length, before.join('').length + text.length];
        assert.equal(namesBlock(output, span), byDefinition(output, span), JSON.stringify(output));
      }),
      { numRuns: 20000 },
    );
  });
});
