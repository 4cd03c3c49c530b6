/**
 * Opens the HTML report in headless Chromium (Debian's, as the extension-host
 * tests use) and reads the findings back as a reader sees them: marked text,
 * verdicts, colours, the two toggles, keyboard focus and the dark scheme.
 */
import { strict as assert } from 'node:assert';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM } from '../e2e/harnessPaths';
import { buildCli, runCli } from './harness';

const VERDICT = { g: 'grounded', u: 'unverified', c: 'contradicted', a: 'misattributed', i: 'indeterminate' } as const;

interface Rec {
  entities: Array<{ text: string; status: string; suppressed?: boolean; ranges: unknown[] }>;
}

describe('the HTML report in a browser', function () {
  this.timeout(120000);
  let browser: Browser | undefined;
  let page: Page;
  let expected: string[];
  let url: string;
  const problems: string[] = [];

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      console.warn(`    skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
      this.skip();
    }
    await buildCli();
    const input = 'examples/claude-session.jsonl';
    const html = runCli(['check', input, '--format', 'html']).stdout;
    const file = join(mkdtempSync(join(tmpdir(), 'groundcheck-html-')), 'report.html');
    writeFileSync(file, html);
    // Every occurrence the JSON Lines report calls a finding, as "verdict text".
    expected = [];
    for (const line of runCli(['check', input, '--format', 'json']).stdout.split('\n').filter(Boolean)) {
      for (const e of (JSON.parse(line) as Rec).entities) {
        if (e.suppressed || e.status === 'grounded') continue;
        for (let k = 0; k < e.ranges.length; k++) expected.push(`${e.status} ${e.text}`);
      }
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on('console', (m) => problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));
    url = pathToFileURL(file).href;
    await page.goto(url);
  });

  after(async () => {
    await browser?.close();
  });

  // In-page code is passed as text: the project's TypeScript has no DOM types.
  const marks = (selector: string) =>
    page.evaluate(
      `[...document.querySelectorAll(${JSON.stringify(selector)})].map((e) => ({ text: e.textContent, cls: e.className, title: e.title, bg: getComputedStyle(e).backgroundColor }))`,
    ) as Promise<Array<{ text: string; cls: string; title: string; bg: string }>>;
  const visibleTurns = () =>
    page.evaluate(`[...document.querySelectorAll('.t')].filter((e) => e.offsetParent !== null).map((e) => e.className)`) as Promise<string[]>;

  it('loads under its own policy without a refused style or any script error', () => {
    assert.deepEqual(problems, []);
  });

  it('shows each finding at its text with its verdict, coloured, and explained on hover', async () => {
    const found = (await marks('main .m:not(.g)')).map((m) => ({ ...m, verdict: VERDICT[m.cls.split(' ')[1] as keyof typeof VERDICT] }));
    assert.deepEqual(found.map((m) => `${m.verdict} ${m.text}`).sort(), [...expected].sort());
    for (const m of found) {
      // An indeterminate value is shown with the reason it could not be judged.
      assert.ok(m.title.startsWith(m.verdict === 'indeterminate' ? 'indeterminate: ' : `${m.verdict} (`), m.title);
      assert.notEqual(m.bg, 'rgba(0, 0, 0, 0)', `${m.text} is not highlighted`);
    }
    const contradicted = found.find((m) => m.verdict === 'contradicted');
    assert.match(contradicted?.title ?? '', /which says '27'.*at line 7:\d+/);
  });

  it('opens the folded tool result a contradicted value links to', async () => {
    const openFolds = () => page.evaluate(`[...document.querySelectorAll('details[open] summary b')].map((e) => e.textContent)`) as Promise<string[]>;
    assert.deepEqual(await openFolds(), []);
    await page.locator('main a.m.c').click();
    assert.deepEqual(await openFolds(), ['tool result (Bash)']);
    await page.goto(url);
  });

  it('shows grounded entities only when asked, each saying where the context has it', async () => {
    const before = await marks('main .m.g');
    assert.ok(before.length >= 5);
    assert.ok(before.every((m) => m.bg === 'rgba(0, 0, 0, 0)'));
    assert.ok(before.some((m) => m.text === '1900' && /grounded: number '1900' is in the context at line 7:\d+/.test(m.title)));
    await page.getByLabel('show grounded entities').check();
    const after = await marks('main .m.g');
    assert.ok(after.every((m) => m.bg !== 'rgba(0, 0, 0, 0)'));
    await page.getByLabel('show grounded entities').uncheck();
  });

  it('hides the turns without findings when filtered, and shows them again', async () => {
    const all = await visibleTurns();
    await page.getByLabel('only turns with findings').check();
    const filtered = await visibleTurns();
    assert.ok(all.length > 5, `${all.length} turns`);
    assert.deepEqual(filtered, ['t r-assistant o f']);
    await page.getByLabel('only turns with findings').uncheck();
    assert.equal((await visibleTurns()).length, all.length);
  });

  it('reaches the toggles and every finding with the keyboard', async () => {
    // A fresh load, so Tab starts from the top of the page.
    await page.goto(url);
    const reached: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        (await page.evaluate(
          'document.activeElement.id ? `#${document.activeElement.id}` : `${document.activeElement.className} ${document.activeElement.textContent}`',
        )) as string,
      );
    }
    assert.deepEqual(reached.slice(0, 2), ['#sg', '#of']);
    for (const e of expected)
      assert.ok(
        reached.some((r) => r.startsWith('m ') && r.endsWith(` ${e.slice(e.indexOf(' ') + 1)}`)),
        `${e} not reached`,
      );
  });

  it('follows the dark colour scheme', async () => {
    const bg = () => page.evaluate('getComputedStyle(document.body).backgroundColor');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.equal(await bg(), 'rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.equal(await bg(), 'rgb(13, 17, 23)');
  });
});
