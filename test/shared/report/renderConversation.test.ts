import { strict as assert } from 'node:assert';
import { renderConversation } from '../../../shared/report/renderConversation';
import type { FileView, ReportSegment } from '../../../shared/report/reportModel';

function view(segments: ReportSegment[], outputs: FileView['outputs'] = []): FileView {
  return { file: 'run.jsonl', format: 'claude-code', problems: [], gaps: [], segments, outputs };
}

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('a file as a conversation', () => {
  const segments: ReportSegment[] = [
    { role: 'user', line: 1, text: 'How many rows?' },
    { role: 'tool_call', label: 'tool call (Bash) command', tool: 'Bash', callId: 'c1', field: 'command', line: 2, text: 'wc -l rows.csv' },
    { role: 'tool_call', label: 'tool call (Bash) description', tool: 'Bash', callId: 'c1', field: 'description', line: 2, text: 'Count rows' },
    { role: 'tool_result', label: 'tool result (Bash)', tool: 'Bash', failed: true, line: 3, text: '1043 rows.csv\nsecond line' },
    { role: 'assistant', line: 4, text: 'There are 1043 rows, not 1044.' },
    { role: 'user', label: 'sub-agent user', line: 5, text: 'Find the total.' },
  ];
  const verdict = {
    segment: 4,
    level: 'PARTIAL' as const,
    score: 0.5,
    explanation: "number '1044' not found in context.",
    gaps: [],
    marks: [
      { start: 10, end: 14, type: 'number' as const, status: 'grounded' as const, note: 'grounded', target: 3 },
      { start: 25, end: 29, type: 'number' as const, status: 'unverified' as const, note: 'unverified' },
    ],
  };

  it('reads a tool call with several input fields as one folded block, and its result as another', () => {
    const html = renderConversation(view(segments, [verdict]), 0);
    assert.equal(count(html, '<details'), 2);
    assert.match(html, /<summary><b>tool call \(Bash\)<\/b> <small>line 2<\/small><q>command: wc -l rows\.csv · description: Count rows<\/q><\/summary>/);
    assert.match(html, /<b>tool result \(Bash\)<\/b> <strong class="fail">failed<\/strong>/);
    // Each field keeps its own anchor, so a mark can point at the one that grounds it.
    assert.ok(html.includes('<div id="f0s1"><code>command</code><pre>wc -l rows.csv</pre></div>'));
  });

  it('gives the output its verdict and marks, and the class the findings filter keeps', () => {
    const html = renderConversation(view(segments, [verdict]), 0);
    assert.match(html, /<div role="listitem" class="t r-assistant o f" id="f0s4">.*<strong class="lv PARTIAL">PARTIAL<\/strong>/);
    assert.ok(
      html.includes(
        'There are <a class="m g" href="#f0s3" tabindex="-1" title="grounded">1043</a> rows, not <mark class="m u" tabindex="0" title="unverified">1044</mark>.',
      ),
    );
    assert.equal(count(html, ' f"'), 1, 'only the output with a finding is kept by the filter');
    // Every link lands on an element of the page.
    for (const [, id] of html.matchAll(/href="#([^"]+)"/g)) assert.ok(html.includes(`id="${id}"`), id);
  });

  it('opens a folded turn that holds a finding', () => {
    const html = renderConversation(
      view(
        [{ role: 'tool_call', tool: 'Write', field: 'content', line: 1, text: 'line one\nline two 42' }],
        [{ ...verdict, segment: 0, marks: [{ ...verdict.marks[1], start: 18, end: 20 }] }],
      ),
      0,
    );
    assert.match(html, /<div role="listitem" class="t r-tool_call o f" id="f0s0">/);
  });

  it('labels sub-agent turns and rewound branches as branches', () => {
    const html = renderConversation(view([...segments, { role: 'assistant', label: 'assistant (rewound branch)', line: 6, text: 'Done.' }]), 0);
    assert.match(html, /<div role="listitem" class="t r-user br" id="f0s5"><p class="h"><b>sub-agent user<\/b>/);
    assert.match(html, /<div role="listitem" class="t r-assistant br" id="f0s6"><p class="h"><b>assistant \(rewound branch\)<\/b>/);
  });

  it('cuts long context text, never an output', () => {
    const long = 'x'.repeat(50) + '😀' + 'y'.repeat(50);
    const html = renderConversation(
      view(
        [
          { role: 'tool_result', line: 1, text: long },
          { role: 'assistant', line: 2, text: long },
        ],
        [{ ...verdict, segment: 1, marks: [] }],
      ),
      0,
      51,
    );
    // The cut falls inside the emoji's surrogate pair, so it moves back to before it.
    assert.ok(html.includes(`${'x'.repeat(50)}<span class="cut">… 52 more characters not shown</span>`), html);
    assert.ok(html.includes(`<pre>${long}</pre>`));
  });

  it('escapes labels, tool names, field names and file names', () => {
    const html = renderConversation(
      {
        ...view([{ role: 'tool_call', label: '<b>x</b>', tool: '<i>T</i>', field: '"><s>', line: 1, text: '</pre></details>' }]),
        file: '<x>.jsonl',
        problems: ['<p>bad</p>'],
      },
      0,
    );
    for (const markup of ['<b>x', '<i>', '<s>', '<x>', '<p>bad']) assert.ok(!html.includes(markup), `${markup} in ${html}`);
    for (const text of ['&lt;b&gt;x&lt;/b&gt;', '&lt;i&gt;T&lt;/i&gt;', '"&gt;&lt;s&gt;', '&lt;x&gt;.jsonl', '&lt;p&gt;bad&lt;/p&gt;'])
      assert.ok(html.includes(text), text);
    assert.equal(count(html, '</details>'), 1);
    assert.equal(count(html, '</pre>'), 1);
  });
});
