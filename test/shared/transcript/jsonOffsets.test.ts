import { strict as assert } from 'node:assert';
import { eachJsonLine, readJsonDocument, readJsonLines } from '../../../shared/transcript/json/jsonLines';
import { toRawRange } from '../../../shared/transcript/offsets/offsetMaps';
import type { ParseError } from '../../../shared/transcript/model';

/** Where `needle` sits in a decoded string, mapped back to the raw file. */
function rawOf(map: { toRaw(i: number): number }, decoded: string, needle: string): string {
  const at = decoded.indexOf(needle);
  assert.ok(at >= 0, `${needle} not in ${decoded}`);
  return String(toRawRange(map, at, at + needle.length));
}

describe('JSON raw offsets', () => {
  it('reads a key given twice as JSON.parse does, the last one, offsets included', () => {
    const raw = '{"a":{"b":"first"},"x":1,"a":{"b":"second $4.2M"}}';
    const doc = readJsonDocument(raw, [])!;
    const value = (doc.value as { a: { b: string } }).a.b;
    assert.equal(value, 'second $4.2M');
    const [s, e] = rawOf(doc.region.stringMap(['a', 'b']), value, '$4.2M')
      .split(',')
      .map(Number);
    assert.equal(raw.slice(s, e), '$4.2M');
    assert.equal(s, raw.lastIndexOf('$4.2M'));
  });

  it('maps decoded text through every kind of escape', () => {
    const raw = '{"a":"line\\none \\"quoted\\" caf\\u00e9 costs $4.2M \\uD83D\\uDE00 after\\/slash\\ttab"}';
    const errors: ParseError[] = [];
    const doc = readJsonDocument(raw, errors)!;
    const value = (doc.value as { a: string }).a;
    const map = doc.region.stringMap(['a']);
    const cases: Array<[string, string]> = [
      ['one', 'one'],
      ['"quoted"', '\\"quoted\\"'],
      ['café', 'caf\\u00e9'],
      ['$4.2M', '$4.2M'],
      ['😀 after', '\\uD83D\\uDE00 after'],
      ['/slash\ttab', '\\/slash\\ttab'],
    ];
    for (const [decoded, expectedRaw] of cases) {
      const [s, e] = rawOf(map, value, decoded).split(',').map(Number);
      assert.equal(raw.slice(s, e), expectedRaw);
    }
    assert.deepEqual(errors, []);
  });

  it('maps JSON nested inside JSON strings, three levels deep', () => {
    const inner = { path: 'src/lib/util.ts', note: 'tab\there' };
    const middle = { arguments: JSON.stringify(inner) };
    const outer = { payload: JSON.stringify(middle) };
    const raw = JSON.stringify({ line: JSON.stringify(outer) });
    const doc = readJsonDocument(raw, [])!;
    const lvl1 = (doc.value as { line: string }).line;
    const r1 = doc.region.nested(['line'], lvl1);
    const lvl2 = (JSON.parse(lvl1) as { payload: string }).payload;
    const r2 = r1.nested(['payload'], lvl2);
    const lvl3 = (JSON.parse(lvl2) as { arguments: string }).arguments;
    const r3 = r2.nested(['arguments'], lvl3);
    for (const key of ['path', 'note'] as const) {
      const value = (JSON.parse(lvl3) as typeof inner)[key];
      const map = r3.stringMap([key]);
      const [s, e] = toRawRange(map, 0, value.length);
      // Undo the four levels of escaping (value, arguments, payload, line): it must be the value.
      let text = raw.slice(s, e);
      for (let k = 0; k < 4; k++) text = JSON.parse(`"${text}"`);
      assert.equal(text, value);
    }
  });

  it('reads JSON Lines, reporting a malformed line and keeping the rest', () => {
    const raw = '{"n":1}\n{"n":2,}\n\n{"n":"3"}\r\n{"n":4';
    const errors: ParseError[] = [];
    const lines = readJsonLines(raw, errors);
    assert.deepEqual(
      lines.map((l) => [l.line, l.value]),
      [
        [0, { n: 1 }],
        [3, { n: '3' }],
      ],
    );
    assert.equal(errors.length, 2);
    assert.equal(errors[0].line, 1);
    assert.match(errors[0].message, /^Line 2 is not valid JSON/);
    assert.deepEqual(errors[0].rawRange, [8, 16]);
    assert.equal(errors[1].line, 4);
    assert.match(errors[1].message, /Incomplete last line/);
    const third = lines[1];
    const [s, e] = toRawRange(third.region.stringMap(['n']), 0, 1);
    assert.equal(raw.slice(s, e), '3');
  });

  it("hands each line to a reader as it is read, before the lines after it, and lets a reader's own error through", () => {
    const raw = '{"n":1}\n{"n":2,}\n{"n":3}\n{"n":4';
    const errors: ParseError[] = [];
    const seen: [number, unknown, number][] = [];
    eachJsonLine(raw, errors, (l) => seen.push([l.line, l.value, errors.length]));
    // Line 3 comes after line 2's error and before the last line's.
    assert.deepEqual(seen, [
      [0, { n: 1 }, 0],
      [2, { n: 3 }, 1],
    ]);
    assert.deepEqual(
      errors.map((e) => e.line),
      [1, 3],
    );
    const asRead = readJsonLines(raw, []);
    assert.deepEqual(
      asRead.map((l) => [l.line, l.start, l.end, l.value]),
      [
        [0, 0, 7, { n: 1 }],
        [2, 17, 24, { n: 3 }],
      ],
    );
    const thrown: ParseError[] = [];
    assert.throws(
      () =>
        eachJsonLine('{"n":1}\n', thrown, () => {
          throw new Error('reader failed');
        }),
      /reader failed/,
    );
    assert.deepEqual(thrown, []);
  });

  it('reads the first record after a UTF-8 BOM, with offsets that count the BOM', () => {
    const raw = '\ufeff{"n":"1"}\n{"n":"2"}\n';
    const errors: ParseError[] = [];
    const lines = readJsonLines(raw, errors);
    assert.deepEqual(errors, []);
    assert.deepEqual(
      lines.map((l) => [l.line, l.start, l.value]),
      [
        [0, 1, { n: '1' }],
        [1, 11, { n: '2' }],
      ],
    );
    const [s, e] = toRawRange(lines[0].region.stringMap(['n']), 0, 1);
    assert.deepEqual([s, raw.slice(s, e)], [7, '1']);
    const doc = readJsonDocument('\ufeff{"a": "x"}', errors);
    assert.deepEqual(errors, []);
    assert.deepEqual(doc?.value, { a: 'x' });
    const [ds, de] = toRawRange(doc!.region.stringMap(['a']), 0, 1);
    assert.deepEqual([ds, de], [8, 9]);
    const broken: ParseError[] = [];
    readJsonDocument('\ufeff{"a" 1}', broken);
    assert.deepEqual(broken[0].rawRange, [6, 7]);
  });

  it('locates the error in a malformed JSON document', () => {
    const errors: ParseError[] = [];
    assert.equal(readJsonDocument('{\n  "a": 1,\n  "b" 2\n}', errors), undefined);
    assert.equal(errors[0].line, 2);
  });
});
