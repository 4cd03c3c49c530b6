import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parse } from 'jsonc-parser';
import { isGroundcheckHook, shellCommand, shellWords } from '../../cli/hook/hookCommand';
import { installHooks, SettingsError, uninstallHooks } from '../../cli/hook/settingsEdit';
import { unifiedDiff } from '../../cli/terminal/unifiedDiff';

/**
 * The edits `groundcheck hook install` makes to settings text, on settings
 * of every shape: what is added is exactly groundcheck's hooks, installing
 * again adds nothing, and uninstalling gives back the bytes; the diff it
 * prints, applied to the old text, gives the new one.
 */

const COMMAND = '/usr/local/bin/groundcheck hook';
const EVENTS = ['Stop', 'SubagentStop'];
const isOurs = (c: string) => isGroundcheckHook(c, ['/usr/local/bin/groundcheck']);
const spec = { events: EVENTS, command: COMMAND, timeout: 60, isOurs };

const handler = fc.record({
  type: fc.constant('command'),
  command: fc.constantFrom('lint.sh', 'notify-send done', 'prettier --write .', 'python3 ~/.hooks/log.py'),
});
const entry = fc.record(
  { matcher: fc.constantFrom('', 'Bash', 'Edit|Write'), hooks: fc.array(handler, { minLength: 1, maxLength: 2 }) },
  { requiredKeys: ['hooks'] },
);
// Never an empty `hooks` object or list: uninstall takes out one that only groundcheck's hooks were in (install's own, as a rule).
const hookMap = fc.dictionary(
  fc.constantFrom('Stop', 'SubagentStop', 'PreToolUse', 'PostToolUse', 'Notification'),
  fc.array(entry, { minLength: 1, maxLength: 2 }),
  { minKeys: 1, maxKeys: 4 },
);
const settings = fc.record(
  { model: fc.constantFrom('opus', 'sonnet'), env: fc.dictionary(fc.constantFrom('A', 'B', 'C'), fc.string({ maxLength: 5 })), hooks: hookMap },
  { requiredKeys: [] },
);

/** Settings text written as a person might: any indentation, LF or CRLF, maybe trailing commas and comments. */
const settingsText = fc
  .record({
    value: settings,
    indent: fc.constantFrom('  ', '    ', '   ', '\t', ' '),
    eol: fc.constantFrom('\n', '\r\n'),
    trailingCommas: fc.boolean(),
    comments: fc.boolean(),
    finalEol: fc.boolean(),
  })
  .map(({ value, indent, eol, trailingCommas, comments, finalEol }) => {
    const lines = JSON.stringify(value, null, indent).split('\n');
    const out: string[] = [];
    for (const line of lines) {
      const prev = out[out.length - 1];
      if (trailingCommas && /^\s*[}\]]/.test(line) && prev !== undefined && !/[[{,]$/.test(prev)) out[out.length - 1] = `${prev},`;
      out.push(line);
      if (comments && /[[{]$/.test(line)) out.push(`${line.match(/^\s*/)![0]}${indent}// note`);
    }
    return out.join(eol) + (finalEol ? eol : '');
  });

function withoutOurs(value: unknown): unknown {
  const v = structuredClone(value) as { hooks?: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
  if (!v.hooks) return v;
  for (const event of Object.keys(v.hooks)) {
    v.hooks[event] = v.hooks[event].filter((e) => !e.hooks.every((h) => h.command === COMMAND));
    if (v.hooks[event].length === 0) delete v.hooks[event];
  }
  if (Object.keys(v.hooks).length === 0) delete v.hooks;
  return v;
}

const read = (text: string) => parse(text.replace(/^\uFEFF/, ''), [], { allowTrailingComma: true });

/** Applies a unified diff's hunks to `before`. */
function patch(before: string, diff: string): string {
  const old = before.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const out: string[] = [];
  let at = 0;
  const lines = diff.split('\n').slice(2, -1);
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    const h = /^@@ -(\d+),(\d+) \+\d+,\d+ @@$/.exec(l);
    if (h) {
      const start = Number(h[2]) === 0 ? Number(h[1]) : Number(h[1]) - 1;
      while (at < start) out.push(old[at++]);
    } else if (l === '\\ No newline at end of file') {
      if (lines[i - 1][0] === '+') out[out.length - 1] = out[out.length - 1].slice(0, -1);
    } else if (l[0] === '+') {
      out.push(`${l.slice(1)}\n`);
    } else {
      assert.equal(old[at].replace(/\n$/, ''), l.slice(1));
      if (l[0] === ' ') out.push(old[at]);
      at++;
    }
  }
  while (at < old.length) out.push(old[at++]);
  return out.join('');
}

describe('hook install: settings edits', () => {
  it('adds exactly our hooks, is idempotent, and uninstall gives back the bytes, whatever the formatting', () => {
    fc.assert(
      fc.property(settingsText, (text) => {
        const installed = installHooks(text, spec);
        const after = read(installed.text) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
        for (const event of EVENTS) assert.ok(after.hooks[event].some((e) => e.hooks.some((h) => h.command === COMMAND)));
        assert.deepEqual(withoutOurs(after), read(text));
        assert.equal(installHooks(installed.text, spec).text, installed.text);
        assert.equal(uninstallHooks(installed.text, EVENTS, isOurs).text, text);
        const eol = text.includes('\r\n') ? '\r\n' : text.includes('\n') ? '\n' : undefined;
        if (eol === '\r\n') assert.ok(!/[^\r]\n/.test(installed.text), 'CRLF kept');
      }),
      { numRuns: 300 },
    );
  });

  it('writes a whole file for an empty one, and keeps a byte order mark', () => {
    const fresh = installHooks('', spec).text;
    assert.deepEqual(Object.keys((read(fresh) as { hooks: object }).hooks), EVENTS);
    const bom = '\uFEFF{\n  "model": "opus"\n}\n';
    const r = installHooks(bom, spec);
    assert.ok(r.text.startsWith('\uFEFF{\n  "model": "opus",\n  "hooks": {'));
    assert.equal(uninstallHooks(r.text, EVENTS, isOurs).text, bom);
  });

  it('refuses settings it cannot edit, with the offset of what is wrong', () => {
    const cases: Array<[string, string, number]> = [
      ['{"a": 1,, }', 'expected a property name in double quotes', 8],
      ['{"a": "open', 'a string is not closed', 6],
      ['{} {}', 'text after the end of the settings', 3],
      ['"text"', 'the settings are not a JSON object', 0],
      ['{"hooks": []}', '"hooks" is not an object', 10],
    ];
    for (const [text, message, offset] of cases) {
      assert.throws(
        () => installHooks(text, spec),
        (err: unknown) => err instanceof SettingsError && err.message === message && err.offset === offset,
        text,
      );
    }
  });

  it('keeps a comment that shares the settings object with the hooks it takes out', () => {
    const text = '{\n  // mine\n  "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "groundcheck hook"}]}]}\n}\n';
    assert.equal(uninstallHooks(text, EVENTS, isOurs).text, '{\n  // mine\n  \n}\n');
  });
});

describe('hook install: unified diff', () => {
  const lines = fc.array(fc.constantFrom('a', 'b', 'c', '{', '}', '  "x": 1,', ''), { maxLength: 30 });
  it('applied to the old text gives the new one', () => {
    fc.assert(
      fc.property(lines, lines, fc.boolean(), fc.boolean(), (a, b, ea, eb) => {
        const before = a.join('\n') + (ea && a.length > 0 ? '\n' : '');
        const after = b.join('\n') + (eb && b.length > 0 ? '\n' : '');
        const diff = unifiedDiff(before, after, 'old', 'new');
        if (before === after) return assert.equal(diff, '');
        assert.equal(patch(before, diff), after);
      }),
      { numRuns: 500 },
    );
  });

  it('prints hunks with three lines of context and their line numbers', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'].join('\n') + '\n';
    const after = before.replace('2\n', '2\nnew\n').replace('11\n', '');
    assert.equal(
      unifiedDiff(before, after, 'a.json', 'a.json'),
      ['--- a.json', '+++ a.json', '@@ -1,5 +1,6 @@', ' 1', ' 2', '+new', ' 3', ' 4', ' 5', '@@ -8,5 +9,4 @@', ' 8', ' 9', ' 10', '-11', ' 12', ''].join('\n'),
    );
  });

  it('shows controls in the file as escapes, keeping tabs', () => {
    assert.match(unifiedDiff('a\n', '\tb\u001b[2J\n', 'f', 'f'), /^\+\tb\\x1b\[2J$/m);
  });
});

describe('hook install: the command', () => {
  it('splits what it quotes back into the same words', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }), (words) => {
        assert.deepEqual(shellWords(shellCommand(words)), words);
      }),
      { numRuns: 500 },
    );
  });

  it('recognises a groundcheck hook however it was started', () => {
    const launcher = ['/usr/bin/node', '/home/u/my tools/cli.js'];
    for (const c of [
      'groundcheck hook',
      'npx groundcheck hook --mode block',
      "'/opt/x y/bin/groundcheck.js' hook --shadow",
      'npx -y groundcheck@0.1.0 hook',
      "/usr/bin/node '/home/u/my tools/cli.js' hook",
    ]) {
      assert.ok(isGroundcheckHook(c, launcher), c);
    }
    for (const c of [
      'groundcheck check .',
      'my-groundcheck hook',
      'prettier --write .',
      'echo groundcheck hook-not',
      "/usr/bin/node '/home/u/my tools/cli.js' check",
    ]) {
      assert.ok(!isGroundcheckHook(c, launcher), c);
    }
  });
});
