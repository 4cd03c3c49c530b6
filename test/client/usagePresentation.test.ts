import * as assert from 'node:assert/strict';
import { presentUsage } from '../../client/src/usagePresentation';
import type { FileStatus } from '../../shared/protocol/messages';
import type { UsageSummary } from '../../shared/usageView/summary';

const counts = (input: number, output: number, cacheWrite: number | null, cacheRead: number) => ({ input, output, cacheWrite, cacheRead, reasoning: null });

function status(usage: UsageSummary | undefined, state: FileStatus['state'] = 'checked'): FileStatus {
  return {
    uri: 'file:///s.jsonl',
    version: 1,
    state,
    outputs: 3,
    entities: 9,
    unverified: 0,
    shown: 0,
    total: 0,
    ignored: 0,
    millis: 20,
    reasons: [],
    ...(usage ? { usage } : {}),
  };
}

const SESSION: UsageSummary = {
  recorded: true,
  format: 'claude-code',
  turns: 5,
  totals: counts(13, 1147, 13358, 55616),
  models: [
    { name: 'claude-opus-4-5-20251101', turns: 3, counts: counts(7, 987, 3928, 46496) },
    { name: 'claude-haiku-4-5-20251001', turns: 2, counts: counts(6, 160, 9430, 9120) },
  ],
  agents: [
    { name: 'main', turns: 3, counts: counts(7, 987, 3928, 46496) },
    { name: 'sub-agent a3f9c2e1', turns: 2, counts: counts(6, 160, 9430, 9120) },
  ],
  wallMs: 157973,
};

describe('usage status item', () => {
  it('shows the session totals in short, the whole prompt as "in"', () => {
    assert.equal(presentUsage(status(SESSION))?.text, '$(dashboard) 69k in · 1.15k out · 55.6k cached');
  });

  it('lists every model and sub-agent with full figures, the total and the wall time in the tooltip', () => {
    const tooltip = presentUsage(status(SESSION))!.tooltip;
    assert.match(tooltip, /^\*\*Tokens this session\*\* · 5 model turns · wall time 2m 38s$/m);
    assert.match(tooltip, /^\| claude\\-opus\\-4\\-5\\-20251101 \| 3 \| 50,431 \| 987 \| 46,496 \| 3,928 \|$/m);
    assert.match(tooltip, /^\| claude\\-haiku\\-4\\-5\\-20251001 \| 2 \| 18,556 \| 160 \| 9,120 \| 9,430 \|$/m);
    assert.match(tooltip, /^\| \*\*total\*\* \| \*\*5\*\* \| \*\*68,987\*\* \| \*\*1,147\*\* \| \*\*55,616\*\* \| \*\*13,358\*\* \|$/m);
    assert.match(tooltip, /^\| \*\*agent\*\* \|/m);
    assert.match(tooltip, /^\| sub\\-agent a3f9c2e1 \| 2 \| 18,556 \|/m);
    assert.match(tooltip, /in is the whole prompt/);
  });

  it('has no total row for one model, and no agent table without sub-agents', () => {
    const one: UsageSummary = { ...SESSION, models: SESSION.models.slice(0, 1), agents: undefined };
    const tooltip = presentUsage(status(one))!.tooltip;
    assert.doesNotMatch(tooltip, /total/);
    assert.doesNotMatch(tooltip, /agent/);
  });

  it('a model name from the file cannot write Markdown into the tooltip', () => {
    const odd: UsageSummary = { ...SESSION, models: [{ name: 'x | [link](http://a) **b**', turns: 1, counts: counts(1, 1, 0, 0) }] };
    assert.match(presentUsage(status(odd))!.tooltip, /^\| x \\\| \\\[link\\\]\\\(http:\/\/a\\\) \\\*\\\*b\\\*\\\* \|/m);
  });

  it('gives the API-equivalent cost beside the totals and per row, and says why where it is unknown', () => {
    const priced: UsageSummary = {
      ...SESSION,
      models: [
        { ...SESSION.models[0], cost: { usd: 0.072508 } },
        { ...SESSION.models[1], cost: { usd: 0.0135055 } },
      ],
      cost: { usd: 0.0860135 },
      pricedAt: '2026-11-27',
    };
    const shown = presentUsage(status(priced))!;
    assert.equal(shown.text, '$(dashboard) 69k in · 1.15k out · 55.6k cached · $0.0860');
    assert.match(shown.tooltip, /^\*\*Tokens this session\*\* · 5 model turns · wall time 2m 38s · \$0\.0860$/m);
    assert.match(shown.tooltip, /^\| model \| turns \| in \| out \| cached \| cache write \| cost \|$/m);
    assert.match(shown.tooltip, /^\| claude\\-opus\\-4\\-5\\-20251101 \| 3 \| 50,431 \| 987 \| 46,496 \| 3,928 \| \$0\.0725 \|$/m);
    assert.match(
      shown.tooltip,
      /^\| \*\*total\*\* \| \*\*5\*\* \| \*\*68,987\*\* \| \*\*1,147\*\* \| \*\*55,616\*\* \| \*\*13,358\*\* \| \*\*\$0\.0860\*\* \|$/m,
    );
    assert.match(shown.tooltip, /_cost: API\\-equivalent, at groundcheck's price table of 2026\\-11\\-27\._/);

    const unknown: UsageSummary = {
      ...priced,
      models: [priced.models[0], { ...SESSION.models[1], name: 'glm-4.7', cost: { usd: null, pricedUsd: 0, unknown: ['no price for glm-4.7'] } }],
      cost: { usd: null, pricedUsd: 0.072508, unknown: ['no price for glm-4.7'] },
    };
    const partly = presentUsage(status(unknown))!;
    // No figure in the status bar that would read as the whole cost.
    assert.equal(partly.text, '$(dashboard) 69k in · 1.15k out · 55.6k cached');
    assert.match(partly.tooltip, /· cost unknown$/m);
    assert.match(partly.tooltip, /^\| glm\\-4\\.7 \| 2 \| 18,556 \| 160 \| 9,120 \| 9,430 \| unknown \|$/m);
    assert.match(partly.tooltip, /_cost unknown: no price for glm\\-4\\.7; the rest comes to \$0\\\.0725\._/);
  });

  it('is hidden for a file that records no usage, and for a file not checked', () => {
    assert.equal(presentUsage(status({ recorded: false, format: 'openai-chat', note: 'usage records of this format are not read' })), undefined);
    assert.equal(presentUsage(status(undefined)), undefined);
    assert.equal(presentUsage(status(SESSION, 'error')), undefined);
    assert.equal(presentUsage(undefined), undefined);
  });
});
