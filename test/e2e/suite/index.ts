/**
 * Entry point VS Code's extension host calls for tests (`run()`), for both
 * launchers: @vscode/test-electron on desktop and the web runner here. The
 * suites are bundled into this file and registered with mocha in order; the
 * outcome is also written to a JSON file the launcher reads, because the
 * extension host's console is not always visible to it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export interface E2EResult {
  passes: number;
  failures: number;
  pending: number;
  tests: { title: string; state: 'passed' | 'failed' | 'pending'; error?: string }[];
}

export const RESULT_ENV = 'GROUNDCHECK_E2E_RESULT';

function resultPath(): string {
  return process.env[RESULT_ENV] ?? path.resolve(__dirname, '../../test-results/e2e/result.json');
}

function loadSuites(mocha: Mocha): void {
  // Suites call suite()/test() at load time, so the globals must exist first.
  mocha.suite.emit('pre-require', globalThis, 'groundcheck-e2e', mocha);
  require('./diagnostics.test');
  require('./definition.test');
  require('./classifySelection.test');
  require('./settings.test');
  require('./serverCommands.test');
  require('./conversationView.test');
  require('./usage.test');
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec', grep: process.env.GROUNDCHECK_E2E_GREP });
  loadSuites(mocha);
  const result: E2EResult = { passes: 0, failures: 0, pending: 0, tests: [] };
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      fs.mkdirSync(path.dirname(resultPath()), { recursive: true });
      fs.writeFileSync(resultPath(), JSON.stringify(result, null, 2));
      if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed`));
      else resolve();
    });
    runner.on('pass', (t) => {
      result.passes++;
      result.tests.push({ title: t.fullTitle(), state: 'passed' });
    });
    runner.on('fail', (t, err: Error) => {
      result.failures++;
      result.tests.push({ title: t.fullTitle(), state: 'failed', error: err.stack ?? String(err) });
    });
    runner.on('pending', (t) => {
      result.pending++;
      result.tests.push({ title: t.fullTitle(), state: 'pending' });
    });
  });
}
