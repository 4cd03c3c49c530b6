/**
 * Where the end-to-end harness finds and puts things, relative to the
 * repository so it works from any clone.
 */
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
export const FIXTURE_WORKSPACE = path.join(REPO_ROOT, 'test/e2e/workspace');
/** The bundled test entry the extension host loads. */
export const TEST_ENTRY = path.join(REPO_ROOT, 'out/e2e/index.js');
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
export const E2E_RESULT_FILE = path.join(RESULTS_DIR, 'e2e/result.json');
export const UI_SCREENSHOT_DIR = path.join(RESULTS_DIR, 'ui');
/** The install script CI runs before the tests (see .ci/run). */
export const VSCODE_WEB_INSTALLER = path.resolve(REPO_ROOT, '../shared/tools/vscode-web/install.sh');
export const VSCODE_WEB_DIR = process.env.VSCODE_WEB_DIR || path.join(os.homedir(), '.cache/vscode-web');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
