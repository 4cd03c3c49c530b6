/**
 * Looks at groundcheck the way a user does: VS Code for the web in headless
 * Chromium with the extension loaded, a transcript opened through Quick Open.
 * Waits for the squiggles, then saves screenshots of them, of the hover on
 * one, of the Problems panel and of the language status item, of the
 * token usage lenses, status item and conversation view head, and prints
 * where they are.
 *
 *   npm run ui:check                                   (the working tree, as a development extension)
 *   npm run package && npm run ui:check -- --vsix groundcheck-0.1.0.vsix   (the package, installed)
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { generateClaudeSession } from '../../bench/generators/claudeSession';
import { buildForE2E } from './build';
import { openWorkbench } from './browser';
import { FIXTURE_WORKSPACE, REPO_ROOT, UI_SCREENSHOT_DIR } from './harnessPaths';
import { startVSCodeWebServer } from './vscodeWebServer';

const FIXTURE = 'claude-session.jsonl';
/** A session whose log records the tokens each model call spent. */
const USAGE_FIXTURE = 'claude-usage-session.jsonl';
/** Written for the check and removed after it: 20 MB is not kept in the repository. */
const LONG_SESSION = path.join(FIXTURE_WORKSPACE, 'long-session.jsonl');
const WAIT_MS = 90_000;
const SQUIGGLE = '.monaco-editor .squiggly-warning, .monaco-editor .squiggly-error, .monaco-editor .squiggly-info';

async function openFile(page: Page, name: string): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: WAIT_MS });
  // The explorer shows the folder once the workbench is connected to the server.
  await page.locator(`.explorer-folders-view .monaco-list-row[aria-label*="${name}"]`).first().waitFor({ timeout: WAIT_MS });
  await closeAllEditors(page);
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: WAIT_MS });
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: name }).first().waitFor({ timeout: WAIT_MS });
  await page.keyboard.press('Enter');
  await page.locator(`.tabs-container .tab[aria-label*="${name}"]`).waitFor({ timeout: WAIT_MS });
}

/** Waits until the element's fade-in animations are over, so the picture is not half transparent. */
async function settled(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const animated = el as unknown as { getAnimations(o: { subtree: boolean }): { finished: Promise<unknown> }[] };
      return Promise.all(animated.getAnimations({ subtree: true }).map((a) => a.finished));
    });
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: WAIT_MS });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor({ timeout: WAIT_MS });
  await page.keyboard.press('Enter');
}

async function closeAllEditors(page: Page): Promise<void> {
  // The first start of VS Code for the web opens a walkthrough; keep the pictures about the transcript.
  await runCommand(page, 'View: Close All Editors');
  await page.locator('.tabs-container .tab').first().waitFor({ state: 'detached', timeout: WAIT_MS });
}

/** 1-based line and column of the first occurrence of `text` in a fixture file. */
function positionOf(file: string, text: string): { line: number; column: number } {
  const lines = fs.readFileSync(path.join(FIXTURE_WORKSPACE, file), 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  if (line < 0) throw new Error(`${text} is not in ${file}`);
  return { line: line + 1, column: lines[line].indexOf(text) + 1 };
}

async function goTo(page: Page, at: { line: number; column: number }): Promise<void> {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ timeout: WAIT_MS });
  await input.fill(`:${at.line}:${at.column}`);
  await page.keyboard.press('Enter');
  await page.locator('.statusbar-item', { hasText: `Ln ${at.line}, Col ${at.column}` }).waitFor({ timeout: WAIT_MS });
}

async function shoot(page: Page, name: string): Promise<string> {
  const file = path.join(UI_SCREENSHOT_DIR, name);
  await page.screenshot({ path: file });
  return file;
}

function vsixArgument(): string | undefined {
  const at = process.argv.indexOf('--vsix');
  if (at < 0) return undefined;
  const vsix = process.argv[at + 1];
  if (!vsix || !fs.existsSync(vsix)) throw new Error(`--vsix needs an existing .vsix file, got ${vsix}`);
  return vsix;
}

async function main(): Promise<void> {
  const vsix = vsixArgument();
  // An installed package brings its own bundles; rebuilding would not change what runs.
  if (!vsix) await buildForE2E();
  fs.rmSync(UI_SCREENSHOT_DIR, { recursive: true, force: true });
  fs.mkdirSync(UI_SCREENSHOT_DIR, { recursive: true });
  const server = await startVSCodeWebServer({ install: vsix ? [vsix] : [] });
  const workbench = await openWorkbench(server.workbenchUrl(FIXTURE_WORKSPACE, vsix ? undefined : REPO_ROOT));
  const { page } = workbench;
  const saved: string[] = [];
  try {
    await openFile(page, FIXTURE);

    const squiggles = page.locator(SQUIGGLE);
    await squiggles.first().waitFor({ timeout: WAIT_MS });
    saved.push(await shoot(page, '1-squiggles.png'));

    const box = await squiggles.first().boundingBox();
    if (!box) throw new Error('the first squiggle has no position on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const hover = '.monaco-hover:not(.hidden)';
    await page.locator(hover, { hasText: 'groundcheck' }).first().waitFor({ timeout: WAIT_MS });
    await settled(page, hover);
    saved.push(await shoot(page, '2-hover.png'));
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');

    await page.keyboard.press('Control+Shift+M');
    await page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: WAIT_MS });
    saved.push(await shoot(page, '3-problems.png'));

    // The turn's CodeLens lists its unverified claims; picking one selects it in the editor.
    await page.keyboard.press('Escape');
    await page.locator('.codelens-decoration a', { hasText: 'grounded' }).first().click();
    const pick = page.locator('.quick-input-widget .monaco-list-row', { hasText: '2025-06-19' });
    await pick.first().waitFor({ timeout: WAIT_MS });
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: '9310' }).first().waitFor({ timeout: WAIT_MS });
    saved.push(await shoot(page, '4-codelens-unverified.png'));
    await pick.first().click();
    const date = positionOf(FIXTURE, '2025-06-19');
    await page.locator('.statusbar-item', { hasText: `Ln ${date.line}, Col ${date.column + '2025-06-19'.length} (10 selected)` }).waitFor({ timeout: WAIT_MS });

    // A grounded claim's hover links to where the context says it, in the references peek.
    await goTo(page, positionOf(FIXTURE, '1042 lines'));
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const link = page.locator('.monaco-hover:not(.hidden) a', { hasText: /line 4/ });
    await link.first().waitFor({ timeout: WAIT_MS });
    await settled(page, '.monaco-hover:not(.hidden)');
    saved.push(await shoot(page, '5-grounded-hover.png'));
    await link.first().click();
    await page.locator('.peekview-widget', { hasText: '1042' }).first().waitFor({ timeout: WAIT_MS });
    saved.push(await shoot(page, '6-references-peek.png'));
    await page.keyboard.press('Escape');

    // Classify Selection opens a readable report beside the transcript.
    await goTo(page, positionOf(FIXTURE, 'largest order is'));
    await page.keyboard.press('Shift+End');
    await runCommand(page, 'groundcheck: Classify Selection');
    await page
      .locator('.tabs-container .tab', { hasText: /classification-\d+\.md/ })
      .first()
      .waitFor({ timeout: WAIT_MS });
    await page.frameLocator('iframe.webview').frameLocator('#active-frame').getByText('2025-06-19').first().waitFor({ timeout: WAIT_MS });
    saved.push(await shoot(page, '7-classify-report.png'));
    // The language status follows the active editor: back to the transcript.
    await page.locator('.tabs-container .tab', { hasText: FIXTURE }).first().click();
    await page.locator('[id="status.languageStatus"]').waitFor({ timeout: WAIT_MS });

    // Language status items show in the hover of the "{ }" entry next to the language name.
    await page.locator('[id="status.languageStatus"]').hover();
    const statusHover = '.hover-language-status';
    await page.locator(statusHover, { hasText: 'unverified' }).first().waitFor({ timeout: WAIT_MS });
    await settled(page, statusHover);
    saved.push(await shoot(page, '8-language-status.png'));
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');

    // Open as Conversation draws the session beside it, findings marked; a click selects the raw characters.
    const smallAsked = Date.now();
    await runCommand(page, 'groundcheck: Open as Conversation');
    await page
      .locator('.tabs-container .tab', { hasText: `Conversation: ${FIXTURE}` })
      .first()
      .waitFor({ timeout: WAIT_MS });
    const view = page.frameLocator('iframe.webview').frameLocator('#active-frame');
    await view.locator('[role=listitem]').first().waitFor({ timeout: WAIT_MS });
    console.log(
      `${FIXTURE} (${fs.statSync(path.join(FIXTURE_WORKSPACE, FIXTURE)).size} bytes): first turns shown ${Date.now() - smallAsked} ms after the command`,
    );
    const marked = view.locator('mark.m.u, a.m.u, a.m.c, mark.m.c', { hasText: '2025-06-19' }).first();
    await marked.waitFor({ timeout: WAIT_MS });
    await marked.scrollIntoViewIfNeeded();
    saved.push(await shoot(page, '9-conversation-view.png'));
    await marked.click();
    await page.locator('.statusbar-item', { hasText: `Ln ${date.line}, Col ${date.column + '2025-06-19'.length} (10 selected)` }).waitFor({ timeout: WAIT_MS });
    saved.push(await shoot(page, '10-conversation-click.png'));

    // Token usage: a lens per model call beside its turn, the session's totals in the status bar and at the head of the conversation view.
    await openFile(page, USAGE_FIXTURE);
    await page.locator('.codelens-decoration', { hasText: '96 out' }).first().waitFor({ timeout: WAIT_MS });
    // The final answer, whose grounding lens and usage lens share its line.
    await goTo(page, positionOf(USAGE_FIXTURE, 'shipped on'));
    await page.locator('.codelens-decoration', { hasText: '830 out' }).first().waitFor({ timeout: WAIT_MS });
    saved.push(await shoot(page, '12-usage-lens.png'));
    const usageItem = page.locator('.statusbar-item', { hasText: '55.6k cached' }).first();
    await usageItem.waitFor({ timeout: WAIT_MS });
    await usageItem.hover();
    const usageHover = page.locator('.workbench-hover, .monaco-hover:not(.hidden)', { hasText: 'Tokens this session' }).first();
    await usageHover.waitFor({ timeout: WAIT_MS });
    await settled(page, '.workbench-hover, .monaco-hover:not(.hidden)');
    saved.push(await shoot(page, '13-usage-status-tooltip.png'));
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    await runCommand(page, 'groundcheck: Open as Conversation');
    await page
      .locator('.tabs-container .tab', { hasText: `Conversation: ${USAGE_FIXTURE}` })
      .first()
      .waitFor({ timeout: WAIT_MS });
    const usageView = page.frameLocator('iframe.webview').frameLocator('#active-frame');
    await usageView.locator('section.usage').first().waitFor({ timeout: WAIT_MS });
    saved.push(await shoot(page, '14-conversation-usage.png'));

    // A 20 MB session: the view's first turns appear, and scrolling to the end of them draws more.
    await closeAllEditors(page);
    fs.writeFileSync(LONG_SESSION, generateClaudeSession({ targetSize: 20_000_000, outputs: 2_000 }).raw);
    await openFile(page, path.basename(LONG_SESSION));
    await page
      .locator('.tabs-container .tab', { hasText: path.basename(LONG_SESSION) })
      .first()
      .waitFor({ timeout: WAIT_MS });
    // VS Code asks before it shows a file this large in the text editor.
    await page.getByRole('button', { name: 'Open Anyway' }).click({ timeout: WAIT_MS });
    await page
      .locator('.codelens-decoration a', { hasText: 'Open as Conversation' })
      .first()
      .waitFor({ timeout: WAIT_MS * 2 });
    const asked = Date.now();
    await page.locator('.codelens-decoration a', { hasText: 'Open as Conversation' }).first().click();
    const long = page.frameLocator('iframe.webview').frameLocator('#active-frame');
    await long.locator('[role=listitem]').first().waitFor({ timeout: WAIT_MS });
    const firstMs = Date.now() - asked;
    const drawn = await long.locator('[role=listitem]').count();
    await long.locator('#more').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    const after = await long.locator('[role=listitem]').count();
    console.log(`20 MB session: first turns shown ${firstMs} ms after the click; ${drawn} turns drawn, ${after} after scrolling to the end of them`);
    if (after <= drawn) throw new Error('scrolling to the end of the drawn turns drew no more');
    saved.push(await shoot(page, '11-conversation-long-session.png'));
  } catch (error) {
    saved.push(await shoot(page, 'failure.png'));
    console.error(`UI check failed: ${(error as Error).message}\nScreenshots: ${saved.join(', ')}`);
    process.exitCode = 1;
  } finally {
    fs.rmSync(LONG_SESSION, { force: true });
    await workbench.close();
    await server.stop();
  }
  if (!process.exitCode) console.log(`UI check passed. Screenshots in ${UI_SCREENSHOT_DIR}:\n  ${saved.map((f) => path.basename(f)).join('\n  ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
