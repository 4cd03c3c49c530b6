import { strict as assert } from 'node:assert';
import { call, lastOutput, result, say, session, user } from './claudeSession';

const COMPONENTS = 'Card.jsx\nHeader.jsx\nLogin.jsx\n';

/** An agent's answer after a listing (and any later calls), as the default rules judge it. */
function judged(answer: string, listing: { tool?: string; input: object; output: string }, later: object[] = []) {
  return lastOutput(
    session([user('What does the dashboard hold?'), call('l1', listing.tool ?? 'Bash', listing.input), result('l1', listing.output), ...later, say(answer)]),
  );
}

const ls = (folder: string, output = COMPONENTS) => ({ input: { command: `ls ${folder}` }, output });

describe('listing-counts: a count of files of one kind against the list of their folder', () => {
  it('flags a count of the folder’s files that its listing numbers otherwise, naming the listing', () => {
    const e = judged('The dashboard has 4 components.', ls('src/components')).get('4 components');
    assert.equal(e?.status, 'contradicted');
    assert.equal(e?.rule, 'listing-counts');
    assert.equal(e?.detail, '`ls src/components` listed 3 files');
    assert.equal(e?.contradiction?.value, '3 components');
    assert.equal(judged('The dashboard has 3 components.', ls('src/components')).get('3 components')?.status, 'grounded');
  });

  it('reads a Glob of one folder, tied to the count by the folder written in the heading above it', () => {
    const glob = { tool: 'Glob', input: { pattern: 'src/components/ui/*' }, output: '/w/src/components/ui/button.tsx\n/w/src/components/ui/card.tsx\n' };
    const e = judged('### UI (`src/components/ui/`)\n5 shadcn/ui components available.', glob).get('5');
    assert.equal(e?.rule, 'listing-counts');
    assert.equal(e?.detail, '`Glob src/components/ui/*` listed 2 files');
    // Without the folder written near it, a count of "components" is not of the `ui` folder's files.
    assert.notEqual(judged('There are 5 shadcn/ui components available.', glob).get('5')?.rule, 'listing-counts');
  });

  it('reads `find` of a folder for names with a wildcard, and no listing of one file or of many folders', () => {
    const find = { input: { command: "find src/components -maxdepth 1 -name '*.jsx'" }, output: COMPONENTS };
    assert.equal(judged('The dashboard has 4 components.', find).get('4 components')?.rule, 'listing-counts');
    const oneFile = { tool: 'Glob', input: { pattern: 'src/components/Card.jsx' }, output: '/w/src/components/Card.jsx\n' };
    assert.notEqual(judged('The dashboard has 4 components.', oneFile).get('4 components')?.rule, 'listing-counts');
    const anywhere = { tool: 'Glob', input: { pattern: '**/components/*.jsx' }, output: COMPONENTS };
    assert.notEqual(judged('The dashboard has 4 components.', anywhere).get('4 components')?.rule, 'listing-counts');
  });

  it('leaves a listing of mixed kinds, and a count of "files" that does not say which folder it counts', () => {
    const mixed = ls('src/components', 'Card.jsx\nCard.css\nHeader.jsx\n');
    assert.notEqual(judged('The dashboard has 4 components.', mixed).get('4 components')?.rule, 'listing-counts');
    assert.notEqual(judged('I changed 4 files.', ls('src/components')).get('4 files')?.rule, 'listing-counts');
    assert.equal(judged('`src/components/` holds 4 files.', ls('src/components')).get('4 files')?.rule, 'listing-counts');
  });

  it('reads a figure alone in a table cell as the row’s own number, not a count of what the next cell names', () => {
    const table = '| Step | Files | Work |\n|---|---|---|\n| 1 | `App.jsx` | entry |\n| 2 | `components/*.jsx` | copy the components |';
    assert.notEqual(judged(table, ls('src/components')).get('2')?.rule, 'listing-counts');
    assert.equal(judged('| Step | Work |\n|---|---|\n| 1 | 4 components |', ls('src/components')).get('4 components')?.rule, 'listing-counts');
  });

  it('leaves counts that are rough or weighed against another', () => {
    assert.notEqual(judged('The dashboard has 40+ components.', ls('src/components')).get('40')?.rule, 'listing-counts');
    assert.notEqual(judged('That means 4 components instead of 1.', ls('src/components')).get('4 components')?.rule, 'listing-counts');
  });

  it('does not compare a listing the agent may have changed since: after an edit or a command not known to only read', () => {
    const edit = [call('e1', 'Write', { file_path: 'src/components/Footer.jsx', content: 'export {}' }), result('e1', 'File created')];
    assert.notEqual(judged('The dashboard has 4 components.', ls('src/components'), edit).get('4 components')?.rule, 'listing-counts');
    const build = [call('b1', 'Bash', { command: 'npm run build' }), result('b1', 'built')];
    assert.notEqual(judged('The dashboard has 4 components.', ls('src/components'), build).get('4 components')?.rule, 'listing-counts');
    const read = [call('c1', 'Bash', { command: 'cat src/components/Card.jsx' }), result('c1', 'export {}')];
    assert.equal(judged('The dashboard has 4 components.', ls('src/components'), read).get('4 components')?.rule, 'listing-counts');
  });
});
