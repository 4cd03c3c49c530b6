import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { detectFormat, isNotTranscript, parseTranscript, SNIFF_LENGTH, type NotTranscript } from '../../../shared/transcript/detect';
import type { FormatParser, ParseInput, Transcript } from '../../../shared/transcript/model';

/** A parser that claims files containing `marker`, and records what it was shown. */
function markerParser(id: string, marker: string, score: number, parse?: (input: ParseInput) => Transcript) {
  const seen: { heads: number[] } = { heads: [] };
  const parser: FormatParser = {
    id,
    label: `${id} file`,
    sniff(head) {
      seen.heads.push(head.length);
      return head.includes(marker) ? score : 0;
    },
    parse: parse ?? (() => ({ format: id, segments: [], errors: [], gaps: [] })),
  };
  return { parser, seen };
}

function reasonOf(result: Transcript | NotTranscript): string {
  assert.ok(isNotTranscript(result), 'expected the file to be turned away');
  return result.reason;
}

describe('format detection', () => {
  it('turns away a package.json, naming what it saw', () => {
    const raw = JSON.stringify({ name: 'shop', version: '1.0.0', scripts: { test: 'mocha' }, dependencies: {} }, null, 2);
    assert.equal(
      reasonOf(parseTranscript({ raw, path: '/w/package.json' })),
      'not a transcript or RAG fixture groundcheck knows: a JSON object with keys name, version, scripts, dependencies that matches no known format.',
    );
  });

  it('turns away a CSV of prices', () => {
    const raw = 'sku,price,currency\nA-17,12.50,EUR\nB-02,3.10,EUR\n';
    assert.equal(
      reasonOf(parseTranscript({ raw, path: '/w/prices.csv' })),
      'not a transcript or RAG fixture groundcheck knows: a table with columns sku, price, currency and no output/context columns groundcheck knows.',
    );
  });

  it('turns away random text and an empty file', () => {
    assert.equal(
      reasonOf(parseTranscript({ raw: 'Shopping list: eggs, milk\nbread\n' })),
      'not a transcript or RAG fixture groundcheck knows: text with no recognisable chat or trace structure.',
    );
    assert.equal(
      reasonOf(parseTranscript({ raw: 'The quick brown fox.\nJumps over the lazy dog.' })),
      'not a transcript or RAG fixture groundcheck knows: text with no recognisable chat or trace structure.',
    );
    assert.equal(reasonOf(parseTranscript({ raw: '  \n' })), 'not a transcript or RAG fixture groundcheck knows: the file is empty.');
  });

  it('shows the sniffers no more than 64 KB of a 5 MB base64 line: its head, then the line condensed', () => {
    const { parser, seen } = markerParser('never', '"uuid"', 5);
    const chunk = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const raw = `{"image":"${chunk.repeat(Math.ceil(5_000_000 / chunk.length))}"}`;
    const result = parseTranscript({ raw }, [parser]);
    // The head ends inside the first record, so the sniffers are asked again with it condensed (the string cut short).
    assert.deepEqual(seen.heads, [SNIFF_LENGTH, '{"image":""}'.length + 256]);
    assert.equal(reasonOf(result), 'not a transcript or RAG fixture groundcheck knows: JSON that matches no known format.');
  });

  it('picks the most confident parser, the earlier one on a tie', () => {
    const weak = markerParser('weak', 'messages', 1).parser;
    const strong = markerParser('strong', 'tool_calls', 3).parser;
    const alsoStrong = markerParser('also-strong', 'tool_calls', 3).parser;
    const head = '{"messages":[{"role":"assistant","tool_calls":[]}]}';
    assert.equal(detectFormat(head, undefined, [weak, strong, alsoStrong])?.parser.id, 'strong');
    assert.equal(detectFormat(head, undefined, [alsoStrong, strong])?.parser.id, 'also-strong');
    assert.equal(detectFormat('{"rows":[]}', undefined, [weak, strong]), undefined);
  });

  it('ignores a sniffer that throws and keeps asking the others', () => {
    const broken: FormatParser = {
      id: 'broken',
      label: 'broken',
      sniff: () => {
        throw new Error('boom');
      },
      parse: () => {
        throw new Error('unreachable');
      },
    };
    const ok = markerParser('ok', 'role', 2).parser;
    assert.equal(detectFormat('{"role":"user"}', undefined, [broken, ok])?.parser.id, 'ok');
  });

  it('reports a parser that fails as a located error in an empty transcript', () => {
    const { parser } = markerParser('chat', '"role"', 2, () => {
      throw new TypeError("Cannot read properties of undefined (reading 'content')");
    });
    const raw = '{"role":"user"}\n{"role":"assistant"}\n';
    const result = parseTranscript({ raw }, [parser]);
    assert.ok(!isNotTranscript(result));
    assert.equal(result.format, 'chat');
    assert.deepEqual(result.segments, []);
    assert.deepEqual(result.errors, [
      {
        message: "The chat file reader failed on this file: Cannot read properties of undefined (reading 'content')",
        rawRange: [0, 15],
        line: 0,
      },
    ]);
  });

  it('hands the whole input to the winning parser', () => {
    let given: ParseInput | undefined;
    const { parser } = markerParser('chat', '"role"', 2, (input) => {
      given = input;
      return { format: 'chat', segments: [], errors: [], gaps: [] };
    });
    const raw = '{"role":"user"}\n' + 'x'.repeat(SNIFF_LENGTH * 2);
    const result = parseTranscript({ raw, path: '/w/chat.jsonl' }, [parser]);
    assert.equal(isNotTranscript(result), false);
    assert.equal(given?.raw.length, raw.length);
    assert.equal(given?.path, '/w/chat.jsonl');
  });

  it('describes pathological files without backtracking and never throws on arbitrary text', () => {
    const nasty = ['",'.repeat(40_000) + '\n' + '",'.repeat(40_000), '"'.repeat(200_000), '\r'.repeat(100_000) + ',', ' \n'.repeat(100_000)];
    for (const raw of nasty) assert.equal(isNotTranscript(parseTranscript({ raw }, [])), true);
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (raw) => {
        const result = parseTranscript({ raw }, []);
        return isNotTranscript(result) && result.reason.startsWith('not a transcript or RAG fixture groundcheck knows: ');
      }),
      { numRuns: 300 },
    );
  });
});

describe('format detection by structure', () => {
  it('turns away a Markdown table that names RAGAS columns, naming the format it resembles', () => {
    const raw = '# Notes\n\n| question | contexts | answer |\n|---|---|---|\n| a, b | c, "d" | e |\n';
    const result = parseTranscript({ raw, path: '/w/README.md' });
    assert.ok(isNotTranscript(result));
    assert.equal(result.kind, 'Markdown');
    assert.equal(result.resembles, 'RAGAS dataset');
  });

  it('turns away a chat request quoted in a Markdown code block, and source code naming fixture fields', () => {
    const md = parseTranscript({ raw: '```json\n{"messages":[{"role":"user","content":"hi"}]}\n```\n', path: '/w/api.md' });
    assert.ok(isNotTranscript(md));
    assert.equal(md.kind, 'Markdown');
    const py = parseTranscript({ raw: 'row = {"actual_output": out, "input": q}\n', path: '/w/make.py' });
    assert.ok(isNotTranscript(py));
    assert.equal(py.kind, 'source code');
    assert.equal(py.resembles, 'DeepEval test cases');
  });

  it('wants fixture fields as JSON keys, not as words inside values', () => {
    const words = parseTranscript({ raw: '{"note": "question, contexts and answer are columns"}' });
    assert.ok(isNotTranscript(words));
    assert.equal(words.kind, 'JSON');
    const keys = parseTranscript({ raw: '{"question": "q?", "contexts": ["c"], "answer": "a"}\n' });
    assert.ok(!isNotTranscript(keys));
    assert.equal(keys.format, 'ragas');
  });

  it('still reads a CSV fixture by its header and a Markdown transcript by its labels', () => {
    const csv = parseTranscript({ raw: 'user_input,retrieved_contexts,response\nq,"[\'c\']",a\n' });
    assert.ok(!isNotTranscript(csv));
    assert.equal(csv.format, 'ragas');
    assert.deepEqual(csv.errors, []);
    const aider = parseTranscript({ raw: '# aider chat started at 2024-01-01 10:00:00\n\n#### hi\n\nport 3000\n' });
    assert.ok(!isNotTranscript(aider));
    assert.equal(aider.format, 'aider-chat');
  });

  it('does not take Markdown that opens with a link or a bracketed word for JSON', () => {
    for (const raw of ['[docs](https://x.y) "role" "messages"\n', '[nullable] "role" "messages"', '[note] "role" "messages"']) {
      const r = parseTranscript({ raw, path: '/w/a.txt' });
      assert.ok(isNotTranscript(r), raw);
      assert.equal(r.kind, 'text');
    }
  });
});

describe('CSV fixtures saved on Windows', () => {
  it('reads CRLF line endings and a BOM without a skipped-record error, cells at their raw offsets', () => {
    const raw = '\ufeffuser_input,retrieved_contexts,response\r\nWhen?,"[\'Founded in 1999.\']",In 2001.\r\nWhere?,"[\'In Oslo.\']",In Oslo.\r\n';
    const t = parseTranscript({ raw, path: '/w/rag.csv' });
    assert.ok(!isNotTranscript(t));
    assert.deepEqual(t.errors, []);
    assert.deepEqual(
      t.segments.map((s) => raw.slice(s.map.toRaw(0), s.map.toRaw(s.text.length))),
      ['When?', 'Founded in 1999.', 'In 2001.', 'Where?', 'In Oslo.', 'In Oslo.'],
    );
  });
});
