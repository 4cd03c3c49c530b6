/**
 * Runs the same extension-host tests in VS Code desktop, downloaded by
 * @vscode/test-electron (needs access to update.code.visualstudio.com and a
 * display, e.g. xvfb-run). VSCODE_TEST_VERSION picks the version; the
 * default is the lowest one package.json supports.
 *
 *   xvfb-run -a npx tsx test/e2e/runElectron.ts
 */
import * as fs from 'node:fs';
import { runTests } from '@vscode/test-electron';
import { buildForE2E } from './build';
import { E2E_RESULT_FILE, FIXTURE_WORKSPACE, REPO_ROOT, TEST_ENTRY } from './harnessPaths';

async function main(): Promise<number> {
  await buildForE2E();
  fs.rmSync(E2E_RESULT_FILE, { force: true });
  const exitCode = await runTests({
    version: process.env.VSCODE_TEST_VERSION ?? '1.100.3',
    extensionDevelopmentPath: REPO_ROOT,
    extensionTestsPath: TEST_ENTRY,
    extensionTestsEnv: { GROUNDCHECK_E2E_RESULT: E2E_RESULT_FILE },
    launchArgs: [FIXTURE_WORKSPACE, '--disable-extensions', '--disable-workspace-trust'],
  });
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
