import { strict as assert } from 'node:assert';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { buildCli, fixture, runCli } from './harness';

const STATUSES = ['grounded', 'unverified', 'contradicted', 'misattributed', 'indeterminate'] as const;

interface Rec {
  level: string;
  entities: Array<{ type: string; status: string; suppressed?: boolean }>;
}

/** What the summary should say, tallied from the JSON Lines report of the same run. */
function tallyJson(stdout: string) {
  const levels: Record<string, number> = { GROUNDED: 0, PARTIAL: 0, UNGROUNDED: 0, INDETERMINATE: 0 };
  const types: Record<string, number[]> = {};
  let outputs = 0;
  for (const line of stdout.split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line) as Rec;
    outputs++;
    levels[r.level]++;
    for (const e of r.entities) {
      if (e.suppressed) continue;
      const row = (types[e.type] ??= [0, 0, 0, 0, 0, 0]);
      row[0]++;
      row[1 + STATUSES.indexOf(e.status as (typeof STATUSES)[number])]++;
    }
  }
  const rate = outputs === 0 ? 0 : (levels.PARTIAL + levels.UNGROUNDED) / outputs;
  return { outputs, levels, types, rate: `${(rate * 100).toFixed(1)}%` };
}

/** The same figures read back from the page's summary tables. */
function tallyHtml(html: string) {
  const table = (id: string) => html.slice(html.indexOf(`<table id="${id}">`), html.indexOf('</table>', html.indexOf(`<table id="${id}">`)));
  const rows = (t: string) =>
    [...t.matchAll(/<tr><th scope="row">([^<]+)<\/th>((?:<td>\d+<\/td>)+)<\/tr>/g)].map((m) => [m[1], [...m[2].matchAll(/\d+/g)].map(Number)] as const);
  const levels = Object.fromEntries(rows(table('levels')).map(([k, v]) => [k, v[0]]));
  const types = Object.fromEntries(rows(table('types')));
  const outputs = Number(/<p id="sum">(\d+) outputs?/.exec(html)?.[1]);
  const rate = /<b id="rate">([^<]+)<\/b>/.exec(html)?.[1];
  return { outputs, levels, types, rate };
}

describe('groundcheck check --format html', function () {
  this.timeout(120000);
  before(buildCli);

  for (const input of ['examples/claude-session.jsonl', 'examples/rag-eval.jsonl', fixture('rag/answers.jsonl'), fixture('eval/mini.jsonl')]) {
    it(`summarises ${input} with the counts the JSON Lines report gives`, () => {
      const json = runCli(['check', input, '--format', 'json', '--jobs', '1']);
      const html = runCli(['check', input, '--format', 'html', '--jobs', '1']);
      assert.equal(html.code, json.code);
      assert.deepEqual(tallyHtml(html.stdout), tallyJson(json.stdout));
    });
  }

  it('keeps hostile transcript text as text: no script, no markup, no attribute breaks out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'groundcheck-html-'));
    const file = join(dir, 'hostile.jsonl');
    const hostile = {
      user_input: '<script>alert(1)</script> What </details></li></ol> did "Acme" earn?',
      retrieved_contexts: ['Acme earned $4.1M in 2023. <img src=x onerror=alert(2)>', 'Quote: " \' ` </pre></summary>'],
      response: 'Acme earned $4.2M in 2023 <script>alert(3)</script> "per the <b>report</b>" \'and\' </details>',
    };
    writeFileSync(file, JSON.stringify(hostile) + '\n');
    const r = runCli(['check', file, '--format', 'html']);
    assert.equal(r.code, 0, r.stderr);
    const page = r.stdout;
    assert.ok(!/<script|<img|<b>report/i.test(page), 'transcript markup became markup');
    assert.ok(page.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
    assert.ok(page.includes('&lt;img src=x onerror=alert(2)&gt;'));
    // Only the page's own structure opens and closes these elements.
    for (const tag of ['details', 'div', 'li', 'ul', 'pre', 'summary']) {
      assert.equal(count(page, `<${tag}`), count(page, `</${tag}>`), `<${tag}> balanced`);
    }
    assert.ok(count(page, '</details>') < 3, 'a transcript </details> closed a fold');
    // The made-up figure is marked at exactly its characters.
    assert.match(page, /<(a|mark) class="m [uc]"[^>]*>\$4\.2M<\/\1>/);
    assert.match(page, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  describe('on a 1 MB Claude Code session', () => {
    let json: string;
    let html: string;
    before(() => {
      const file = join(mkdtempSync(join(tmpdir(), 'groundcheck-html-')), 'session.jsonl');
      writeFileSync(file, generateClaudeSession({ targetSize: 1_000_000, outputs: 100, seed: 7 }).raw);
      // The page shows every place the context has an entity, as the full ledger does.
      json = runCli(['check', file, '--format', 'json', '--all-locations']).stdout;
      html = runCli(['check', file, '--format', 'html']).stdout;
    });

    it('stays within 2.5 times the JSON Lines report with every location', () => {
      const [jsonBytes, htmlBytes] = [Buffer.byteLength(json), Buffer.byteLength(html)];
      assert.ok(jsonBytes > 100_000, `JSON Lines report of ${jsonBytes} bytes`);
      assert.ok(htmlBytes < 2.5 * jsonBytes, `HTML ${htmlBytes} bytes, JSON Lines ${jsonBytes} bytes`);
    });

    it('marks every entity occurrence of the ledger, with its verdict, over exactly its text', () => {
      const cls: Record<string, string> = { grounded: 'g', unverified: 'u', contradicted: 'c', misattributed: 'a', indeterminate: 'i' };
      const want: string[] = [];
      for (const line of json.split('\n').filter(Boolean)) {
        for (const e of (JSON.parse(line) as { entities: Array<{ text: string; status: string; suppressed?: boolean; ranges: unknown[] }> }).entities) {
          if (!e.suppressed) for (let k = 0; k < e.ranges.length; k++) want.push(`${cls[e.status]} ${e.text}`);
        }
      }
      const unescape = (h: string) =>
        h
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
      const got = [...html.matchAll(/<(mark|a) class="m ([gucai])"[^>]*>([^<]*)<\/\1>/g)].map((m) => `${m[2]} ${unescape(m[3])}`);
      assert.ok(want.length > 300, `${want.length} occurrences`);
      assert.deepEqual(got.sort(), want.sort());
    });
  });

  it('says where the context has a value the cited source lacks, and links there', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'groundcheck-html-')), 'cited.jsonl');
    writeFileSync(
      file,
      JSON.stringify({
        user_input: 'How many people?',
        retrieved_contexts: ['Revenue was $4.2M.', 'Headcount is 47 people.'],
        response: 'Headcount is 47 people [1].',
      }) + '\n',
    );
    const html = runCli(['check', file, '--format', 'html']).stdout;
    const mark =
      /<a class="m a" href="#(f0s\d+)" title="misattributed \(warning\): number '47 people' in context, but not in the source cited for it; the context has it at line 1:\d+">47 people<\/a>/.exec(
        html,
      );
    assert.ok(mark, html);
    assert.match(html, new RegExp(`<div role="listitem" class="t r-document" id="${mark[1]}">.*?<pre>Headcount is 47 people\\.</pre>`));
  });

  it('names files it could not check and still shows the others', () => {
    const r = runCli(['check', fixture('broken.jsonl'), 'examples/rag-eval.jsonl', 'no/such/file.jsonl', '--format', 'html']);
    assert.equal(r.code, 2);
    assert.match(r.stdout, /<ul class="pr"><li>test\/fixtures\/cli\/broken\.jsonl:\d+:\d+: error: /);
    assert.match(r.stdout, /<h2 id="f1">examples\/rag-eval\.jsonl<\/h2>/);
    assert.match(r.stderr, /no\/such\/file\.jsonl/);
  });
});

function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
