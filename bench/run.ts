/**
 * `npm run bench [-- name…]`: runs every suite in bench/suites in name order
 * (or only those whose file name contains one of the given words) and lets
 * each print its own figures. Suites measure ratios against a baseline run in
 * the same process, so the numbers mean something on any machine.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { goalsTable } from './goals';

export interface BenchSuite {
  /** Printed as the section heading. */
  title: string;
  run(): Promise<void> | void;
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const dir = join(__dirname, 'suites');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)))
    .sort();
  if (files.length === 0) {
    console.error(`no bench suite matches ${wanted.join(', ')}`);
    process.exit(2);
  }
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const suite: BenchSuite = require(join(dir, file)).default;
    console.log(`\n## ${suite.title}\n`);
    await suite.run();
  }
  const goals = goalsTable();
  if (goals.length > 0) console.log(['', '## Goals for large sessions, as measured above', '', ...goals].join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
