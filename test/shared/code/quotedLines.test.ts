import type { CheckOptions } from '../../../shared/check/checkTranscript';
import { strict as assert } from 'node:assert';
import { ClosestCap, outputFindings } from '../../../shared/check/fileFindings';
import { checkTranscript } from '../../../shared/check/checkTranscript';
import type { Entity } from '../../../shared/classifier/types';
import { claudeCodeFormat } from '../../../shared/transcript/formats/claudeCode';
import { parseTranscript } from '../../../shared/transcript/detect';
import { call, lastOutput as lastOutputByDefault, numbered, result, say, session, user } from './claudeSession';

// The rule does not flag in an agent's turn unless turned on; these tests are about what it says when it is.
const RULE_ON = { 'quoted-lines': 'on' } as const;
const lastOutput = (raw: string, options: CheckOptions = {}) => lastOutputByDefault(raw, { ...options, rules: { ...RULE_ON, ...options.rules } });

// biome-ignore format: a list of words or values reads best packed
const ledger = ['export function settleLedger(entries) {', '  const total = entries.reduce(sumCents, 0);', '  return Math.round(total / 100);', '}'];

const readLedger = [user('Why does the total drift?'), call('r1', 'Read', { file_path: '/w/app/src/ledger.ts' }), result('r1', numbered(ledger))];

/** The verdict and rule of the entity written `text` in the last turn, or 'none'. */
function judged(text: string, answer: string, before: object[] = readLedger): string {
  const e = lastOutput(session([...before, say(answer)])).get(text);
  return e ? `${e.status} ${e.rule}` : 'none';
}

describe('lines of a block that copy a line the session showed, one token changed', () => {
  it('contradicts a name the block changed in a line it quotes, with the line read as evidence', () => {
    const e = lastOutput(session([...readLedger, say('The total is summed here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```')])).get(
      'sumAmounts',
    );
    assert.equal(`${e?.status} ${e?.rule}`, 'contradicted quoted-lines');
    assert.equal(e?.contradiction?.value, 'sumCents');
    assert.match(e?.detail ?? '', /const total = entries\.reduce\(sumCents, 0\);/);
  });

  it('points the finding and its evidence at the exact characters of the raw file', () => {
    const raw = session([...readLedger, say('The total is summed here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```')]);
    const t = claudeCodeFormat.parse({ raw });
    const check = checkTranscript(t, { profile: 'refined', rules: RULE_ON });
    const last = check.outputs[check.outputs.length - 1];
    const f = outputFindings(t, last, ClosestCap.forFile()).entities.find((e) => e.text === 'sumAmounts');
    assert.ok(f?.contextValue, 'the finding names the line it contradicts');
    assert.equal(raw.slice(f.occurrences[0][0], f.occurrences[0][1]), 'sumAmounts');
    assert.equal(raw.slice(f.contextValue.raw[0], f.contextValue.raw[1]), 'sumCents');
    assert.equal(f.contextValue.value, 'sumCents');
  });

  it('reads a quote that leaves off the comma or semicolon ending the line it copies as that line', () => {
    const style = [
      user('How does it move?'),
      call('r1', 'Read', { file_path: '/w/app/src/quote.ts' }),
      result('r1', numbered(['gsap.to(el, {', '  left: toRight ? offsetPercent + distance : offsetPercent - distance,', '});'])),
    ];
    assert.equal(
      judged('spanWidth', 'It moves by:\n\n```js\nleft: toRight ? offsetPercent + spanWidth : offsetPercent - distance\n```', style),
      'contradicted quoted-lines',
    );
  });

  it('compares a dotted version or decimal as one number, so a changed part of it is a changed token', () => {
    const gradle = [
      user('Which Koin do we use?'),
      call('r1', 'Read', { file_path: '/w/app/build.gradle' }),
      result('r1', numbered(['ext {', "    ext.koin_version = '3.4.2'", '}'])),
    ];
    assert.equal(judged('3.4.1', "It is pinned here:\n\n```gradle\next.koin_version = '3.4.1'\n```", gradle), 'contradicted quoted-lines');
    assert.equal(judged('3.4.2', "It is pinned here:\n\n```gradle\next.koin_version = '3.4.2'\n```", gradle), 'none');
  });

  it('contradicts a number changed in a quoted log line', () => {
    const run = [
      user('Start it'),
      call('b1', 'Bash', { command: 'npm start' }),
      result('b1', 'Listening on port 8080\nconnected to postgres://localhost:5432/ledger'),
    ];
    const answer = 'It started:\n\n```\nconnected to postgres://localhost:5433/ledger\n```';
    assert.equal(judged('5433', answer, run), 'contradicted quoted-lines');
  });

  it('leaves a block the turn proposes, before or after it, and a diff', () => {
    assert.equal(judged('sumAmounts', 'Change it to:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```'), 'none');
    assert.equal(judged('sumAmounts', 'Here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```\n\nYou could rename the reducer like this.'), 'none');
    assert.equal(
      judged('sumAmounts', 'The fix:\n\n```diff\n-  const total = entries.reduce(sumCents, 0);\n+  const total = entries.reduce(sumAmounts, 0);\n```'),
      'none',
    );
  });

  it('leaves a token the session spells elsewhere, and one the agent writes later in an edit', () => {
    const withHelper = [...readLedger, call('g1', 'Grep', { pattern: 'sumAmounts' }), result('g1', 'src/sum.ts:1:export const sumAmounts = 1;')];
    assert.equal(judged('sumAmounts', 'It is summed here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```', withHelper), 'none');
    const raw = session([
      ...readLedger,
      say('It is summed here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```'),
      call('e1', 'Edit', { file_path: '/w/app/src/ledger.ts', old_string: 'sumCents', new_string: 'sumAmounts' }),
      result('e1', 'The file /w/app/src/ledger.ts has been updated.'),
      say('Done.'),
    ]);
    const check = checkTranscript(claudeCodeFormat.parse({ raw }), { profile: 'refined', rules: RULE_ON });
    const quoting = check.outputs.find((o) => o.result.entities.some((e) => e.text === 'sumAmounts'));
    assert.equal(quoting, undefined);
  });

  it('leaves lines that differ in more than one token, short lines, and a shape the context fills with many values', () => {
    assert.equal(judged('sumAmounts', 'It is:\n\n```ts\nconst totalCents = entries.reduce(sumAmounts, 0);\n```'), 'none');
    assert.equal(
      judged('sumAmounts', 'It is:\n\n```ts\nreturn sumAmounts;\n```', [
        ...readLedger,
        call('r2', 'Read', { file_path: '/w/app/src/a.ts' }),
        result('r2', numbered(['return sumCents;'])),
      ]),
      'none',
    );
    const index = ['export * from "./ledger_entry";', 'export * from "./ledger_total";', 'export * from "./ledger_rounding";'];
    const readIndex = [user('What does the index export?'), call('r3', 'Read', { file_path: '/w/app/src/index.ts' }), result('r3', numbered(index))];
    assert.equal(judged('ledger_refunds', 'It exports:\n\n```ts\nexport * from "./ledger_refunds";\n```', readIndex), 'none');
  });

  it("leaves a listing's line numbers", () => {
    const grep = [
      user('Where is the sum?'),
      call('g1', 'Grep', { pattern: 'reduce', '-n': true }),
      result('g1', 'src/ledger.ts:57:const total = entries.reduce(sumCents, 0);'),
    ];
    assert.equal(
      judged('58', 'The sum is computed on this line of the file:\n\n```\nsrc/ledger.ts:58:const total = entries.reduce(sumCents, 0);\n```', grep),
      'none',
    );
  });

  /** The entities of the answer in a Markdown chat (which records no files) where the user pasted `code`: only the lines it shows can be quoted. */
  function inChat(code: readonly string[], answer: string): Map<string, Entity> {
    const raw = [
      '<!-- Generated by SpecStory -->',
      '',
      '# A question (2025-05-01 10:00Z)',
      '',
      '_**User**_',
      '',
      'How does this work? This is the code:',
      '',
      '```',
      ...code,
      '```',
      '',
      '---',
      '',
      '_**Assistant**_',
      '',
      answer,
      '',
    ].join('\n');
    const t = parseTranscript({ raw });
    if (!('segments' in t)) throw new Error('not a transcript');
    const check = checkTranscript(t, { profile: 'refined', rules: RULE_ON });
    return new Map(check.outputs[check.outputs.length - 1].result.entities.map((e) => [e.text, e]));
  }
  const verdict = (e: Entity | undefined) => (e ? `${e.status} ${e.rule}` : 'none');

  it('judges a Markdown chat that names files without their contents, by the lines it does show', () => {
    const e = inChat(ledger, 'The total is summed here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```').get('sumAmounts');
    assert.equal(verdict(e), 'contradicted quoted-lines');
    assert.equal(e?.contradiction?.value, 'sumCents');
    assert.equal(verdict(inChat(ledger, 'The total is summed here:\n\n```ts\nconst total = entries.reduce(sumCents, 0);\n```').get('sumCents')), 'none');
  });

  it('judges a turn whose prompt attached a file the log left out, by the lines it does show', () => {
    const attached = [user('Why does the total drift? See @src/rounding.ts'), ...readLedger.slice(1)];
    const e = lastOutput(session([...attached, say('The total is summed here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```')])).get(
      'sumAmounts',
    );
    assert.equal(`${e?.status} ${e?.rule}`, 'contradicted quoted-lines');
  });

  it("judges an edit's old side, which must match the file, and leaves its new side", () => {
    const edit = (search: string, replace: string) =>
      `Let me fix the rounding:\n\nsrc/ledger.ts\n\`\`\`ts\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n\`\`\``;
    const e = inChat(ledger, edit('  const total = entries.reduce(sumAmounts, 0);', '  const total = entries.reduce(sumCents, 0) / 100;')).get('sumAmounts');
    assert.equal(verdict(e), 'contradicted quoted-lines');
    assert.equal(e?.contradiction?.value, 'sumCents');
    const renamed = edit('  const total = entries.reduce(sumCents, 0);', '  const total = entries.reduce(sumAmounts, 0);');
    assert.equal(verdict(inChat(ledger, renamed).get('sumAmounts')), 'none');
    const diff = (lines: string) => `Change it as follows:\n\n\`\`\`diff\n--- a/src/ledger.ts\n+++ b/src/ledger.ts\n@@ -1,3 +1,3 @@\n${lines}\n\`\`\``;
    const removed = '-  const total = entries.reduce(sumAmounts, 0);\n+  const total = entries.reduce(sumCents, 0) / 100;';
    assert.equal(verdict(inChat(ledger, diff(removed)).get('sumAmounts')), 'contradicted quoted-lines');
    const unchanged = ' export function settleLedgers(entries) {\n-  const total = entries.reduce(sumCents, 0);\n+  const total = 0;';
    assert.equal(verdict(inChat(ledger, diff(unchanged)).get('settleLedgers')), 'contradicted quoted-lines');
    const added = '-  const total = entries.reduce(sumCents, 0);\n+  const total = entries.reduce(sumAmounts, 0);';
    assert.equal(verdict(inChat(ledger, diff(added)).get('sumAmounts')), 'none');
  });

  it("leaves a line that shares only the language's words with the line it seems to copy: the shape, not the content", () => {
    const reexports = ["export * from './signalDag.js';", 'export function signalDag() {}'];
    const answer = "The index already has it:\n\n```ts\nexport * from './ValidatorExtension.js';\n```";
    assert.equal(verdict(inChat(reexports, answer).get('ValidatorExtension')), 'none');
  });

  it('judges a block introduced by the lines it shows, whatever the sentence after it proposes', () => {
    const after = '\n\nWe should sum in cents everywhere, so you could rename the reducer.';
    const block = '```ts\nconst total = entries.reduce(sumAmounts, 0);\n```';
    assert.equal(judged('sumAmounts', `From \`src/ledger.ts\` lines 1-3:\n\n${block}${after}`), 'contradicted quoted-lines');
    assert.equal(judged('sumAmounts', `The sum ([line 2](src/ledger.ts#L2)):\n${block}${after}`), 'contradicted quoted-lines');
    assert.equal(judged('sumAmounts', `The sum:\n\n${block}${after}`), 'none');
    assert.equal(judged('sumAmounts', `Change lines 1-3 to:\n\n${block}`), 'none');
  });

  it('reads a heading or a line ending in a colon after a block as opening what follows, not as proposing the block', () => {
    const block = 'The total is summed so:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```\n\n';
    assert.equal(judged('sumAmounts', `${block}You can now round it like this:\n\n\`\`\`ts\nround(total);\n\`\`\``), 'contradicted quoted-lines');
    assert.equal(judged('sumAmounts', `${block}## How to fix the rounding\n\nYou could round it in cents.`), 'contradicted quoted-lines');
    assert.equal(judged('sumAmounts', `${block}You could round it in cents instead.`), 'none');
  });

  it('places a line whose shape the context repeats by its neighbours in a short block introduced by the lines it shows', () => {
    // biome-ignore format: a list of words or values reads best packed
    const header = ['{headerProps !== false && !mainOnly ? (', '  <Header {...headerProps} />', ') : null}', '{footerProps !== false && !mainOnly ? (', '  <Footer {...footerProps} />', ') : null}'];
    const block = '```tsx\n{headerPropsImpl !== false && !mainOnly ? (\n  <Header {...headerProps} />\n) : null}\n```';
    const e = inChat(header, `The layout (lines 122-124) shows it when:\n\n${block}`).get('headerPropsImpl');
    assert.equal(verdict(e), 'contradicted quoted-lines');
    assert.equal(e?.contradiction?.value, 'headerProps');
    assert.equal(verdict(inChat(header, `It is shown when:\n\n${block}`).get('headerPropsImpl')), 'none');
  });

  /** The entities of the last turn of a Markdown chat of these turns, user and assistant by turns. */
  function lastOfChat(turns: readonly string[]): Map<string, Entity> {
    const raw = ['<!-- Generated by SpecStory -->', '', '# A question (2025-05-01 10:00Z)', ''];
    turns.forEach((text, i) => raw.push(i % 2 === 0 ? '_**User**_' : '_**Assistant**_', '', text, '', '---', ''));
    const t = parseTranscript({ raw: raw.join('\n') });
    if (!('segments' in t)) throw new Error('not a transcript');
    const check = checkTranscript(t, { profile: 'refined', rules: RULE_ON });
    return new Map(check.outputs[check.outputs.length - 1].result.entities.map((e) => [e.text, e]));
  }

  it('judges a copy of a line the agent wrote in an earlier edit, which is how a Markdown chat logs what it wrote', () => {
    const wrote = (edit: string) => [
      'Round the total to cents.',
      `I will change it:\n\nsrc/ledger.ts\n\`\`\`ts\n<<<<<<< SEARCH\n  return total;\n=======\n${edit}\n\`\`\``,
      'Where is it rounded now?',
      'It is rounded here:\n\n```ts\n  return Math.round(totalAmount / centsPerUnit);\n```',
    ];
    const e = lastOfChat(wrote('  return Math.round(total / centsPerUnit);\n>>>>>>> REPLACE')).get('totalAmount');
    assert.equal(verdict(e), 'contradicted quoted-lines');
    assert.equal(e?.contradiction?.value, 'total');
    // An edit cut off before its end was never applied.
    assert.equal(verdict(lastOfChat(wrote('  return Math.round(total / centsPerUnit);')).get('totalAmount')), 'none');
    // Code the agent only showed in its prose may itself have been a misquote.
    const shown = ['Round the total to cents.', 'It could be:\n\n```ts\n  return Math.round(total / centsPerUnit);\n```', 'Where is it rounded now?'];
    assert.equal(verdict(lastOfChat([...shown, wrote('')[3]]).get('totalAmount')), 'none');
  });

  it('asks more of a copy of its own earlier edit: a call it repeats with other arguments is a shape, not a line', () => {
    const turns = [
      'Add a test for invalid frames.',
      'Added:\n\ntests/test_frames.py\n```python\n<<<<<<< SEARCH\n=======\n    converter.convert(invalid_df)\n>>>>>>> REPLACE\n```',
      'What does the missing-library test call?',
      'It calls:\n\n```python\n    converter.convert(sample_pydantic)\n```',
    ];
    assert.equal(verdict(lastOfChat(turns).get('sample_pydantic')), 'none');
  });

  it('judges a turn whose session holds an image, by the lines the log does show', () => {
    const image = user([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }]);
    const e = lastOutput(session([image, ...readLedger, say('The total is summed here:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```')])).get(
      'sumAmounts',
    );
    assert.equal(`${e?.status} ${e?.rule}`, 'contradicted quoted-lines');
  });

  // biome-ignore format: a list of words or values reads best packed
  const registry = ['struct ContractInfo {', '    address contractAddress;', '    ContractType contractType;', '    string name;', '    bool isActive;', '}'];

  it('places a line too short to tell by itself by the quoted lines around it', () => {
    const quote = (field: string) =>
      `Each contract is stored as:\n\n\`\`\`solidity\nstruct ContractInfo {\n    address contractAddress;\n    ${field}\n    string name;\n    bool isActive;\n}\n\`\`\``;
    const e = inChat(registry, quote('ContractType contractKind;')).get('contractKind');
    assert.equal(verdict(e), 'contradicted quoted-lines');
    assert.equal(e?.contradiction?.value, 'contractType');
    assert.equal(verdict(inChat(registry, quote('ContractType contractType;')).get('contractType')), 'none');
  });

  it('places a line whose shape the context repeats by its neighbours, and leaves it where they do not stand around one line', () => {
    // biome-ignore format: a list of words or values reads best packed
    const update = ['try {', '  // Pull latest changes', '  await git.pullLatest(workdir, options.remote);', '  // Push the branch', '  await git.pushBranch(workdir, options.remote);', '} finally {', '  await git.popStash(workdir);', '}'];
    const answer = (lines: string) => `It pulls first:\n\n\`\`\`ts\n${lines}\n\`\`\``;
    const renamed =
      'try {\n  // Pull latest changes\n  await git.pullLatestImpl(workdir, options.remote);\n  // Push the branch\n  await git.pushBranch(workdir, options.remote);';
    assert.equal(verdict(inChat(update, answer(renamed)).get('pullLatestImpl')), 'contradicted quoted-lines');
    // The same line between lines the context never showed together is new code following a pattern.
    const moved = 'await git.popStash(workdir);\n  await git.pullLatestImpl(workdir, options.remote);\n  // Fetch tags too\n  await git.fetchTags(workdir);';
    assert.equal(verdict(inChat(update, answer(moved)).get('pullLatestImpl')), 'none');
  });

  it('places lines by their neighbours only in a block that mostly quotes, not in new code that copies a few lines', () => {
    const fresh = [
      'Each contract is stored as:',
      '',
      '```solidity',
      'struct ContractInfo {',
      '    address contractAddress;',
      '    ContractType contractKind;',
      '    string name;',
      '    uint256 registeredAtBlock;',
      '    mapping(address => uint256) approvalsByOwner;',
      '    address[] delegatedOperators;',
      '    bytes32 configurationDigest;',
      '}',
      '```',
    ].join('\n');
    assert.equal(verdict(inChat(registry, fresh).get('contractKind')), 'none');
  });

  it('leaves a block titled with a file name alone, or after its language, which is the file the turn writes', () => {
    assert.equal(judged('sumAmounts', 'src/ledger.ts\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```'), 'none');
    assert.equal(judged('sumAmounts', 'The total:\n\n```ts:src/ledger.ts\nconst total = entries.reduce(sumAmounts, 0);\n```'), 'none');
    assert.equal(judged('sumAmounts', 'Here are the changes needed:\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```'), 'none');
  });

  it('reads a Chinese turn: a quote it reports is judged, a block its words propose is not', () => {
    const report = '汇总在这里计算：\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```\n\n这就是总数漂移的原因。';
    assert.equal(judged('sumAmounts', report), 'contradicted quoted-lines');
    const proposal = '建议改为：\n\n```ts\nconst total = entries.reduce(sumAmounts, 0);\n```\n\n这样总数就不会漂移。';
    assert.equal(judged('sumAmounts', proposal), 'none');
  });
});
