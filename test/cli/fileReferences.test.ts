import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCli, runCli } from './harness';

/** A repository whose promptfoo config points out of it, three ways. */
function repository(): { root: string; project: string } {
  const root = mkdtempSync(join(tmpdir(), 'groundcheck-refs-'));
  writeFileSync(join(root, 'secret.txt'), 'The launch code is 7734.\n');
  const project = join(root, 'project');
  mkdirSync(join(project, 'evals'), { recursive: true });
  writeFileSync(join(project, 'evals', 'ctx.txt'), 'Paris is the capital of France.\n');
  writeFileSync(join(project, 'notes.txt'), 'Lyon is in France.\n');
  symlinkSync(join(root, 'secret.txt'), join(project, 'evals', 'link.txt'));
  writeFileSync(
    join(project, 'evals', 'promptfooconfig.yaml'),
    [
      'prompts: ["Answer: {{question}} {{context}}"]',
      'tests:',
      ...['ctx.txt', '../notes.txt', '../../secret.txt', 'link.txt', '../../../../../../../../etc/passwd'].flatMap((ref, i) => [
        '  - vars:',
        `      question: Q${i + 1}?`,
        `      context: file://${ref}`,
      ]),
      '',
    ].join('\n'),
  );
  return { root, project };
}

const REFUSED = (ref: string) => `file://${ref} (outside the allowed folders: not read) could not be read`;

describe('groundcheck: files a transcript refers to', function () {
  this.timeout(60000);
  before(buildCli);

  it("reads them within the config's folder and the working directory, and refuses the rest with a reason", () => {
    const { project } = repository();
    const r = runCli(['turns', 'evals/promptfooconfig.yaml'], { cwd: project });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Paris is the capital of France\./);
    assert.match(r.stdout, /Lyon is in France\./, 'the working directory is allowed too');
    for (const ref of ['../../secret.txt', 'link.txt', '../../../../../../../../etc/passwd']) assert.ok(r.stdout.includes(REFUSED(ref)), ref);
    assert.doesNotMatch(r.stdout, /7734|root:/);
  });

  it("keeps to the config's own folder when run from elsewhere", () => {
    const { project } = repository();
    const elsewhere = mkdtempSync(join(tmpdir(), 'groundcheck-elsewhere-'));
    const r = runCli(['turns', join(project, 'evals', 'promptfooconfig.yaml')], { cwd: elsewhere });
    assert.match(r.stdout, /Paris is the capital of France\./);
    assert.ok(r.stdout.includes(REFUSED('../notes.txt')));
  });

  it('is not an error for check: the run goes on and exits 0', () => {
    const { project } = repository();
    const r = runCli(['check', 'evals/promptfooconfig.yaml'], { cwd: project });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
  });

  it('reads outside the folders with --allow-outside-refs', () => {
    const { project } = repository();
    const r = runCli(['turns', 'evals/promptfooconfig.yaml', '--allow-outside-refs'], { cwd: project });
    assert.match(r.stdout, /The launch code is 7734\./);
    assert.doesNotMatch(r.stdout, /outside the allowed folders/);
  });
});
