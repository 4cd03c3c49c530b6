/**
 * Takes the screenshot of the HTML report that docs/cli.md shows: the Claude
 * Code example checked with `--format html`, opened in headless Chromium,
 * grounded entities shown, in the light and the dark scheme.
 *
 *   npx tsx test/e2e/htmlReportScreenshot.ts
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { buildCli, runCli } from '../cli/harness';
import { CHROMIUM, REPO_ROOT } from './harnessPaths';

async function main(): Promise<void> {
  await buildCli();
  const file = join(mkdtempSync(join(tmpdir(), 'groundcheck-html-')), 'report.html');
  writeFileSync(file, runCli(['check', 'examples/claude-session.jsonl', '--format', 'html']).stdout);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 1000, height: 1100 }, colorScheme: scheme });
      await page.goto(pathToFileURL(file).href);
      await page.getByLabel('show grounded entities').check();
      await page.locator('.t.f .m.c').hover();
      const out = join(REPO_ROOT, `docs/images/cli-html-report-${scheme}.png`);
      await page.screenshot({ path: out, fullPage: true });
      console.log(out);
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
