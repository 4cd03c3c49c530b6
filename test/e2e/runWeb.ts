/**
 * Runs the extension-host tests in a real VS Code (1.100.3, the one inside
 * the code-server npm package) shown in headless Chromium: builds the
 * extension and the test entry, starts the VS Code server, opens the fixture
 * workspace with the extension under development and the test entry, and
 * waits for the tests' result file and the extension host's exit code.
 *
 *   npm run test:e2e            (GROUNDCHECK_E2E_GREP=pattern to run some)
 */
import * as fs from 'node:fs';
import { buildForE2E } from './build';
import { openWorkbench } from './browser';
import { E2E_RESULT_FILE, FIXTURE_WORKSPACE, REPO_ROOT, TEST_ENTRY } from './harnessPaths';
import type { E2EResult } from './suite/index';
import { startVSCodeWebServer } from './vscodeWebServer';

const OVERALL_TIMEOUT_MS = Number(process.env.GROUNDCHECK_E2E_TIMEOUT_MS) || 8 * 60_000;

function printResult(result: E2EResult): void {
  for (const t of result.tests) {
    const mark = t.state === 'passed' ? '✓' : t.state === 'failed' ? '✗' : '-';
    console.log(`  ${mark} ${t.title}`);
  }
  for (const t of result.tests.filter((x) => x.state === 'failed')) console.log(`\n✗ ${t.title}\n${t.error}`);
  console.log(`\nextension-host: ${result.passes} passed, ${result.failures} failed, ${result.pending} skipped`);
}

async function main(): Promise<number> {
  await buildForE2E();
  fs.rmSync(E2E_RESULT_FILE, { force: true });
  const server = await startVSCodeWebServer({ env: { GROUNDCHECK_E2E_RESULT: E2E_RESULT_FILE } });
  let workbench: Awaited<ReturnType<typeof openWorkbench>> | undefined;
  try {
    workbench = await openWorkbench(server.workbenchUrl(FIXTURE_WORKSPACE, REPO_ROOT, TEST_ENTRY));
    workbench.page.on('pageerror', (e) => console.error(`[workbench] ${e.message}`));
    const [, code] = await server.waitForLog(/Extension Host Process exited with code: (-?\d+)/, OVERALL_TIMEOUT_MS);
    if (!fs.existsSync(E2E_RESULT_FILE)) {
      console.error(`The tests wrote no result (extension host exit code ${code}). Server log:\n${server.log()}`);
      return 1;
    }
    const result: E2EResult = JSON.parse(fs.readFileSync(E2E_RESULT_FILE, 'utf8'));
    printResult(result);
    return result.failures === 0 && result.passes > 0 && code === '0' ? 0 : 1;
  } catch (error) {
    console.error(`${(error as Error).message}\nServer log:\n${server.log()}`);
    return 1;
  } finally {
    await workbench?.close();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
