import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseTree } from 'jsonc-parser';
import { locateJsonValue } from '../../../shared/transcript/json/jsonLocate';
import { nodeAtPath, type JsonPath } from '../../../shared/transcript/json/jsonRegion';

/** Every path into a parsed value, the root's included. */
function pathsOf(value: unknown, prefix: JsonPath = []): JsonPath[] {
  const out: JsonPath[] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

/** What jsonc-parser's tree says of the path, as offsets into `text`. */
function treeSpan(text: string, start: number, end: number, path: JsonPath): { offset: number; length: number } | undefined {
  const node = nodeAtPath(parseTree(text.slice(start, end), [], { disallowComments: true })!, path);
  return node && { offset: node.offset + start, length: node.length };
}

describe('locating a JSON value by skimming', () => {
  it('finds the node jsonc-parser finds, for every path of any JSON, compact or indented, inside a longer text', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t'), fc.string(), (value, indent, before) => {
        const json = JSON.stringify(value, null, indent);
        const text = `${before}${json}  \n`;
        const start = before.length;
        for (const path of pathsOf(JSON.parse(json))) {
          assert.deepEqual(locateJsonValue(text, start, start + json.length, path), treeSpan(text, start, start + json.length, path), JSON.stringify(path));
        }
      }),
      { numRuns: 400 },
    );
  });

  it('takes the last of repeated keys, as JSON.parse does, and reads escaped keys and quotes', () => {
    const text = '{"a":{"b":"first"},"x":"q\\"}{[","a":{"b":"second"},"k\\u0065y":[1,{"\\\\":true}]}';
    const at = (path: JsonPath) => {
      const span = locateJsonValue(text, 0, text.length, path)!;
      return text.slice(span.offset, span.offset + span.length);
    };
    assert.equal(at(['a', 'b']), '"second"');
    assert.equal(at(['x']), '"q\\"}{["');
    assert.equal(at(['key', 1, '\\']), 'true');
    assert.equal(locateJsonValue(text, 0, text.length, ['missing']), undefined);
    assert.equal(locateJsonValue(text, 0, text.length, ['key', 2]), undefined);
    assert.equal(locateJsonValue(text, 0, text.length, ['a', 0]), undefined);
  });

  it('skips strings holding brackets, quotes and backslashes, across a large record', () => {
    const record = { items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, text: `"quoted" \\ [${i}] {x}` })), last: 'end' };
    const deep = JSON.stringify(record);
    const span = locateJsonValue(deep, 0, deep.length, ['last'])!;
    assert.equal(deep.slice(span.offset, span.offset + span.length), '"end"');
    const item = locateJsonValue(deep, 0, deep.length, ['items', 19_999, 'text'])!;
    assert.equal(JSON.parse(deep.slice(item.offset, item.offset + item.length)), record.items[19_999].text);
  });
});
