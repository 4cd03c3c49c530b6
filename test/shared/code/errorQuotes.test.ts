/**
 * Errors an agent's turn quotes as printed, against the errors the session
 * printed: a quote that copies one but for a word is a misquote, and the
 * printed word is the fix; anything less certain gets no verdict.
 */
import { strict as assert } from 'node:assert';
import { call, lastOutput, result, say, session, user } from './claudeSession';
import { errorQuotes } from '../../../shared/code/rules/errorQuotes';
import { codeFenceRanges, outputSentences } from '../../../shared/refine/claims';

const CRASH = 'Console: Uncaught TypeError: t.forEach is not a function\n    at ec.setFeatures (viewer.js:2:795)';

/** The last turn's entities in a session whose one command printed `output`. */
function afterRun(output: string, text: string, prompt = 'The viewer crashes on load.') {
  return lastOutput(session([user(prompt), call('t1', 'Bash', { command: 'npm run e2e' }), result('t1', output), say(text)]));
}

/** The turn's entities that are findings of this rule. */
function findings(out: Map<string, { status: string; rule?: string }>): string[] {
  return [...out].filter(([, e]) => e.rule === 'error-quotes').map(([t]) => t);
}

describe('error-quotes', () => {
  it('contradicts inline code that quotes the printed error with one name changed, offering the printed one', () => {
    const text = 'The error `Uncaught TypeError: t.map is not a function` means the features are not an array.';
    const e = afterRun(CRASH, text).get('`Uncaught TypeError: t.map is not a function`')!;
    assert.equal(e.status, 'contradicted');
    assert.equal(e.rule, 'error-quotes');
    assert.equal(e.contradiction?.value, '`Uncaught TypeError: t.forEach is not a function`');
    assert.match(e.detail ?? '', /printed `Console: Uncaught TypeError: t\.forEach is not a function`, which has `forEach` where this quote of it has `map`/);
  });

  it('catches a swapped error name as well as a swapped word', () => {
    const e = afterRun(CRASH, 'It throws `Uncaught RangeError: t.forEach is not a function` on load.').get(
      '`Uncaught RangeError: t.forEach is not a function`',
    );
    assert.equal(e?.status, 'contradicted');
    assert.equal(e?.contradiction?.value, '`Uncaught TypeError: t.forEach is not a function`');
  });

  it('points a misquoted line of a log block at exactly the changed word', () => {
    const text =
      'The page crashed with the console error:\n\n```\nUncaught TypeError: can\'t access stale "min", e is undefined\n```\n\nThe hook runs after an early return.';
    const out = afterRun('Uncaught TypeError: can\'t access property "min", e is undefined', text);
    const e = out.get('stale')!;
    assert.equal(e.status, 'contradicted');
    assert.equal(e.rule, 'error-quotes');
    assert.equal(text.slice(e.span[0], e.span[1]), 'stale');
    assert.equal(e.contradiction?.value, 'property');
  });

  it('reads the message alone when the head is the turn’s own label for what the run printed', () => {
    const build = "Error: Turbopack build failed with 1 errors:\n./app/layout.tsx:13:1\nExport generateStaticCSS doesn't exist in target module";
    const text = "Evidence:\n\n```bash\n$ npm run build\n❌ Error: Export generateStaticCSS doesn't exist in source module\n```\n";
    const e = afterRun(build, text).get('source');
    assert.equal(e?.status, 'contradicted');
    assert.equal(e?.contradiction?.value, 'target');
    const right = "Evidence:\n\n```bash\n$ npm run build\n❌ Error: Export generateStaticCSS doesn't exist in target module\n```\n";
    assert.deepEqual(findings(afterRun(build, right)), []);
  });

  it('contradicts an error quoted in double quotes in prose', () => {
    const out = afterRun(
      'Traceback (most recent call last):\nError: list index out of range',
      'The new error "Error: list key out of range" comes from the parser.',
    );
    assert.equal(out.get('"Error: list key out of range"')?.status, 'contradicted');
  });

  it('leaves alone a quote the session printed, in part or whole, and one it never printed anything like', () => {
    assert.deepEqual(findings(afterRun(CRASH, 'It fails with `TypeError: t.forEach is not a function`.')), []);
    assert.deepEqual(findings(afterRun(CRASH, 'It fails with `ReferenceError: features is not defined at startup`.')), []);
  });

  it('leaves alone a quote that differs in more than one word, or only in case', () => {
    assert.deepEqual(findings(afterRun(CRASH, 'It fails with `Uncaught TypeError: x.map is not a function`.')), []);
    assert.deepEqual(findings(afterRun(CRASH, 'It fails with `Uncaught TypeError: t.foreach is not a function`.')), []);
  });

  it('leaves alone an error supposed rather than reported, and a message the session prints filled in several ways', () => {
    assert.deepEqual(findings(afterRun(CRASH, 'If you see `Uncaught TypeError: t.map is not a function`, clear the cache.')), []);
    assert.deepEqual(findings(afterRun(CRASH, 'Does it say `Uncaught TypeError: t.map is not a function`?')), []);
    assert.deepEqual(findings(afterRun(CRASH, 'Errors such as `Uncaught TypeError: t.map is not a function` come from stale bundles.')), []);
    assert.deepEqual(findings(afterRun(CRASH, 'Stale bundles throw errors (e.g. `Uncaught TypeError: t.map is not a function`) on load.')), []);
    const both = `${CRASH}\nConsole: Uncaught TypeError: t.filter is not a function`;
    assert.deepEqual(findings(afterRun(both, 'It throws `Uncaught TypeError: t.map is not a function` on load.')), []);
  });

  it('leaves alone the lines of a diff and of a block the turn proposes', () => {
    const diff = 'Changed the message:\n\n```diff\n-KeyError: missing column amount in row\n+KeyError: absent column amount in row\n```\n';
    assert.deepEqual(findings(afterRun('KeyError: missing column amount in row', diff)), []);
    const proposal = 'Change the message to:\n\n```\nKeyError: absent column amount in row\n```\n';
    assert.deepEqual(findings(afterRun('KeyError: missing column amount in row', proposal)), []);
  });

  it('reads as error quotes only spans that start with an error’s head and carry a message', () => {
    const text = [
      'Seen: `TypeError: t.map is not a function`, `❌ Error: Export x does not exist`, `error[E0425]: cannot find value here`.',
      'Not: `{ error: "Description is required" }`, `TypeError: bad`, `throw new Error("no such file here")`.',
    ].join('\n');
    const quotes = errorQuotes(text, codeFenceRanges(text), outputSentences(text, { instructions: true })).map((q) => text.slice(q.start, q.end));
    assert.deepEqual(quotes, ['TypeError: t.map is not a function', '❌ Error: Export x does not exist', 'error[E0425]: cannot find value here']);
  });

  it('reads a long line of unclosed quotes and backtick runs in time linear in its length', () => {
    // The best of three runs: a busy machine or a collection pause makes any one run slow.
    const time = (text: string) => {
      let best = Infinity;
      for (let k = 0; k < 3; k++) {
        const t0 = performance.now();
        errorQuotes(text, [], [{ span: [0, text.length], kind: 'claim' }]);
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    };
    for (const unit of ['\u201c', '``x', '"', '`a` TypeError: ']) {
      const small = time(unit.repeat(20_000));
      const large = time(unit.repeat(80_000));
      assert.ok(large < Math.max(250, small * 12), `${JSON.stringify(unit)}: ${small.toFixed(1)} ms, then ${large.toFixed(1)} ms`);
    }
  });
});
