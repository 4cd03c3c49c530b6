/**
 * Three-part versions an agent's turn states that no other part of the
 * session writes: unverified when marked as a version and claimed; left
 * alone when the session spells them, when they number a document's parts,
 * when they are proposed or in code, and when gaps hide what was read.
 */
import type { CheckOptions } from '../../../shared/check/checkTranscript';
import { strict as assert } from 'node:assert';
import type { Entity } from '../../../shared/classifier/types';
import { call, lastOutput as lastOutputByDefault, numbered, result, say, session, user } from './claudeSession';

// The rule does not flag in an agent's turn unless turned on; these tests are about what it says when it is.
const RULE_ON = { 'version-slots': 'on' } as const;
const lastOutput = (raw: string, options: CheckOptions = {}) => lastOutputByDefault(raw, { ...options, rules: { ...RULE_ON, ...options.rules } });

const ran = (output: string, text: string, more: object[] = []) =>
  lastOutput(session([user('What changed?'), call('b1', 'Bash', { command: 'cat VERSION CHANGELOG.md' }), result('b1', output), ...more, say(text)]));

const byRule = (out: Map<string, Entity>) => [...out.values()].filter((e) => e.rule === 'unseen-versions').map((e) => e.text);

describe('unseen-versions', () => {
  it('flags a version after a v, a pin, the word version or a product name that the session never writes', () => {
    const out = ran('Version: 1.0.0', 'Published v1.0.3 of the spec. Bumped to version 1.2.0. The app builds with Vite 5.4.10.');
    assert.deepEqual(byRule(out), ['1.0.3', '1.2.0', '5.4.10']);
    const e = out.get('1.0.3')!;
    assert.equal(e.status, 'unverified');
    assert.equal(e.detail, 'no part of the session spells the version 1.0.3');
  });

  it('flags a version inside a range the session gives but never writes, and leaves the versions version-slots judged to it', () => {
    const manifest = ['{', '  "dependencies": {', '    "zustand": "^4.5.4",', '    "vite": "^5.4.8"', '  }', '}'];
    const out = lastOutput(
      session([
        user('What stack is this?'),
        call('t1', 'Read', { file_path: '/p/package.json' }),
        result('t1', numbered(manifest)),
        say('The app uses Zustand 4.5.5 and Vite 6.0.1.'),
      ]),
    );
    assert.equal(out.get('4.5.5')?.rule, 'unseen-versions');
    assert.equal(out.get('6.0.1')?.rule, 'version-slots');
    assert.equal(out.get('6.0.1')?.status, 'contradicted');
  });

  it('reads a version moving across an arrow, and the word version before a verb of change, as versions', () => {
    const out = ran(
      'Version: 1.0.0',
      'Version bump rationale: PATCH (1.0.2 → 1.0.1) as only wording changed. The version was bumped from 1.0.4 and its dates were set. Both moved: 2.1.3 and 2.1.4.',
    );
    assert.deepEqual(byRule(out), ['1.0.2', '1.0.1', '1.0.4']);
  });

  it('judges inline code holding nothing but versions on that entity', () => {
    const out = ran('Version: 1.1.0', 'The constitution is now at version `1.1.2`. Next.js requires `^18.18.0 || >= 20.0.0`.');
    assert.equal(out.get('`1.1.2`')?.rule, 'unseen-versions');
    assert.equal(out.get('`1.1.2`')?.status, 'unverified');
    assert.equal(out.get('`^18.18.0 || >= 20.0.0`')?.rule, 'unseen-versions');
    const spaced = ran('engines: node ^18.18.0 || ^19.8.0', 'Next.js requires `^18.18.0 || ^19.8.0 || >= 20.0.2`.');
    assert.equal(spaced.get('`^18.18.0 || ^19.8.0 || >= 20.0.2`')?.rule, 'unseen-versions');
  });

  it('leaves alone a version the session writes, before the turn or in a longer run only when it is that version', () => {
    assert.deepEqual(byRule(ran('Version: 1.0.3 (was v1.0.2)', 'Published v1.0.3 of the spec.')), []);
    assert.deepEqual(byRule(ran('pin: 11.0.3 and 1.0.30', 'Published v1.0.3 of the spec.')), ['1.0.3']);
  });

  it('leaves alone numbering, addresses, dates and unmarked dotted runs', () => {
    const out = ran('Version: 1.0.0', 'See Step 2.1.3 and Requirement 4.2.1. The host is 10.0.0.12 and the run was on 2025.10.04. Item 3.2.1 passes.');
    assert.deepEqual(byRule(out), []);
  });

  it('leaves alone plans, questions, code blocks and commands', () => {
    const out = ran(
      'Version: 1.0.0',
      'I\'ll bump it to version 1.2.0 next. Should it be v1.3.0?\n\n```toml\nversion = "v1.4.0"\n```\n\nRun `npm install vite@5.4.11` to update.',
    );
    assert.deepEqual(byRule(out), []);
  });

  it("leaves the system's own version, which the environment lines of an unlogged system prompt give, and still flags a product's", () => {
    assert.deepEqual(byRule(ran('Version: 1.0.0', 'This machine runs Darwin 25.0.0, and the app is at version 1.0.3.')), ['1.0.3']);
  });

  it('leaves every version unchecked when the session does not record what the agent read', () => {
    const image = user([{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }]);
    assert.deepEqual(byRule(ran('Version: 1.0.0', 'Published v1.0.3 of the spec.', [image])), []);
  });
  it('reads a version in a plain block that reports, not in a block of code or as a pin', () => {
    assert.deepEqual(byRule(ran('Version: 1.0.0', '```\nRELEASE  OK  — published v1.0.3\n```')), ['1.0.3']);
    assert.deepEqual(byRule(ran('Version: 1.0.0', '```log\n[ok] published v1.0.3\n```')), ['1.0.3']);
    assert.deepEqual(byRule(ran('Version: 1.0.0', '```js\nconst release = "v1.0.3";\n```')), []);
    assert.deepEqual(byRule(ran('Version: 1.0.0', '```\nrequests==2.31.5\n```')), []);
  });

  it('reads the branch a compaction summarised as part of the session: a file read before it spells its versions', () => {
    // Claude Code starts the summary on a root of its own; the boundary names the line it follows.
    const before = session([
      user('Which plugins are pinned?'),
      call('r1', 'Read', { file_path: '/v/PLUGINS.md' }),
      result('r1', numbered(['| mcp-tools | v0.2.27 |', '| templater | v2.18.1 |'])),
    ]);
    const after = [
      { type: 'system', subtype: 'compact_boundary', uuid: 'b', parentUuid: null, logicalParentUuid: 'u2', sessionId: 's' },
      {
        type: 'user',
        isCompactSummary: true,
        uuid: 'c',
        parentUuid: 'b',
        sessionId: 's',
        message: { role: 'user', content: 'This session is being continued. Summary: the user asked which plugins are pinned.' },
      },
      {
        type: 'assistant',
        uuid: 'd',
        parentUuid: 'c',
        sessionId: 's',
        message: { id: 'm-after', role: 'assistant', content: [{ type: 'text', text: 'PLUGINS.md pins mcp-tools at v0.2.27 and templater at v2.18.2.' }] },
      },
    ];
    const out = lastOutput([before, ...after.map((l) => JSON.stringify(l))].join('\n'));
    assert.deepEqual(byRule(out), ['2.18.2']);
  });
});
