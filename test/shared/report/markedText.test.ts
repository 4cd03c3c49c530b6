import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { markedText } from '../../../shared/report/markedText';
import type { Mark } from '../../../shared/report/reportModel';

const anchor = (n: number) => `s${n}`;

function mark(start: number, end: number, status: Mark['status'] = 'unverified', target?: number): Mark {
  return { start, end, type: 'number', status, note: `${status} note`, ...(target !== undefined ? { target } : {}) };
}

/** The text between a mark's tags, unescaped, for every mark in document order. */
function markedSpans(html: string): string[] {
  const spans: string[] = [];
  const open = /<(mark|a) class="m [gucai]"[^>]*>/g;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    // Marks never nest in these cases, so the next closing tag of the same name ends it.
    const end = html.indexOf(`</${m[1]}>`, open.lastIndex);
    spans.push(unescape(html.slice(open.lastIndex, end)));
  }
  return spans;
}

function unescape(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('marked output text', () => {
  it('wraps exactly the characters of each entity', () => {
    const text = 'Revenue was $4.2M in Q3 <2024>, up 12%.';
    const at = (s: string) => [text.indexOf(s), text.indexOf(s) + s.length] as const;
    const html = markedText(text, [mark(...at('$4.2M')), mark(...at('Q3'), 'grounded', 0), mark(...at('12%'), 'contradicted')], anchor);
    assert.deepEqual(markedSpans(html), ['$4.2M', 'Q3', '12%']);
    assert.equal(unescape(html), text);
  });

  it('escapes hostile text and notes so they stay text', () => {
    const text = '<script>alert(1)</script></details></li>"quoted" & \'single\'';
    const m: Mark = { start: 0, end: 8, type: 'quoted_string', status: 'unverified', note: '"><img src=x onerror=alert(1)>' };
    const html = markedText(text, [m], anchor);
    assert.ok(!html.includes('<script'), html);
    assert.ok(!html.includes('</details>') && !html.includes('</li>') && !html.includes('<img'), html);
    assert.ok(html.includes('title="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"'), html);
    assert.equal(unescape(html), text);
  });

  it('marks a finding with a context location as a link to that segment, and keeps grounded entities out of the tab order', () => {
    const html = markedText('a 19 b 20', [mark(2, 4, 'grounded', 7), mark(7, 9, 'unverified')], anchor);
    assert.match(html, /<a class="m g" href="#s7" tabindex="-1" title="grounded note">19<\/a>/);
    assert.match(html, /<mark class="m u" tabindex="0" title="unverified note">20<\/mark>/);
  });

  it('nests a mark inside another and cuts one that would cross it', () => {
    const text = 'see "the 2024 report" now';
    const nested = markedText(text, [mark(4, 21, 'unverified'), mark(9, 13, 'grounded')], anchor);
    assert.equal(unescape(nested), text);
    assert.match(nested, /<mark class="m u"[^>]*>"the <mark class="m g"[^>]*>2024<\/mark> report"<\/mark>/);
    const crossing = markedText(text, [mark(4, 13), mark(9, 25)], anchor);
    assert.equal(unescape(crossing), text);
    assert.equal((crossing.match(/<mark/g) ?? []).length, (crossing.match(/<\/mark>/g) ?? []).length);
  });

  it('keeps text and spans exact for any text and any disjoint marks', () => {
    const textArb = fc.string({ unit: fc.constantFrom('a', ' ', '<', '>', '&', '"', "'", '\n', 'é', '😀'), maxLength: 60 });
    fc.assert(
      fc.property(textArb, fc.array(fc.nat(), { maxLength: 10 }), (text, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const marks: Mark[] = [];
        for (let i = 0; i + 1 < points.length; i += 2) if (points[i] < points[i + 1]) marks.push(mark(points[i], points[i + 1]));
        const html = markedText(text, marks, anchor);
        assert.equal(unescape(html), text);
        assert.deepEqual(
          markedSpans(html),
          marks.map((m) => text.slice(m.start, m.end)),
        );
      }),
    );
  });
});
