/**
 * Versions in an agent's turn against the versions and ranges the session
 * shows: three-part versions are judged, multi-word product names find their
 * package, and a range (or a claim like "13+") is a floor, not a version.
 */
import type { CheckOptions } from '../../../shared/check/checkTranscript';
import { strict as assert } from 'node:assert';
import { call, lastOutput as lastOutputByDefault, numbered, result, say, session, user } from './claudeSession';

// The rule does not flag in an agent's turn unless turned on; these tests are about what it says when it is.
const RULE_ON = { 'version-slots': 'on' } as const;
const lastOutput = (raw: string, options: CheckOptions = {}) => lastOutputByDefault(raw, { ...options, rules: { ...RULE_ON, ...options.rules } });

// What this rule says of each version, with unseen-versions (a version no part of the session writes) off.
const manifest = (lines: string[], text: string) =>
  lastOutput(session([user('What stack is this?'), call('t1', 'Read', { file_path: '/p/package.json' }), result('t1', numbered(lines)), say(text)]), {
    rules: { 'unseen-versions': 'off' },
  });

const caret = ['{', '  "dependencies": {', '    "zustand": "^4.5.4",', '    "vite": "^5.4.8"', '  }', '}'];

describe('version-slots', () => {
  it('contradicts a three-part version outside the range the manifest gives, naming the range', () => {
    const e = manifest(caret, 'The app uses Vite 6.0.1.').get('6.0.1')!;
    assert.equal(e.status, 'contradicted');
    assert.equal(e.rule, 'version-slots');
    assert.equal(e.contradiction?.value, '5.4.8');
    assert.equal(e.detail, 'the context gives Vite ^5.4.8');
  });

  it('gives a version inside the range no verdict: the range never says which is installed', () => {
    assert.equal(manifest(caret, 'The app uses Zustand 4.5.5.').get('4.5.5'), undefined);
  });

  it('reads "13+" as a floor, met by a later version and not contradicted by one below', () => {
    const exact = ['{', '  "dependencies": {', '    "next": "14.2.30"', '  }', '}'];
    assert.equal(manifest(exact, 'This layout is fine for a Next.js 13+ app.').get('13')?.status, 'grounded');
    assert.notEqual(manifest(exact, 'This layout needs Next.js 15 or later.').get('15')?.status, 'contradicted');
    assert.equal(manifest(exact, 'This layout uses Next.js 15.').get('15')?.status, 'contradicted');
  });

  it('grounds the range floor itself, and a version named less precisely', () => {
    assert.equal(manifest(caret, 'The app uses Vite 5.4.8.').get('5.4.8')?.status, 'grounded');
    assert.equal(manifest(caret, 'The app uses Vite 5.4.8 and Zustand 4.').get('5.4.8')?.status, 'grounded');
  });

  it('finds the package of a product written in words (React Router DOM, Tailwind CSS)', () => {
    const exact = ['{', '  "dependencies": {', '    "react-router-dom": "6.26.0",', '    "tailwindcss": "3.4.13"', '  }', '}'];
    const out = manifest(exact, 'Routing is React Router DOM 6.26.3; styling is Tailwind CSS 3.4.13.');
    assert.equal(out.get('6.26.3')?.status, 'contradicted');
    assert.equal(out.get('6.26.3')?.detail, 'the context gives React Router DOM 6.26.0');
    assert.equal(out.get('3.4.13')?.status, 'grounded');
  });

  it('reads Cargo.toml versions as the caret ranges they are', () => {
    const cargo = ['[dependencies]', 'cortex-m-rt = "0.7.3"', 'tinybmp = "0.5.0"'];
    const out = lastOutput(
      session([
        user('Deps?'),
        call('t1', 'Read', { file_path: '/p/Cargo.toml' }),
        result('t1', numbered(cargo)),
        say('It depends on cortex-m-rt 0.7.2 and tinybmp 0.5.4.'),
      ]),
      { rules: { 'unseen-versions': 'off' } },
    );
    assert.equal(out.get('0.7.2')?.status, 'contradicted');
    assert.equal(out.get('0.5.4'), undefined);
  });

  it('judges no dotted run the session gives no version for, nor one in a plan, an address or a longer token', () => {
    const out = manifest(caret, 'Node 22.1.0 is fine. You should upgrade to Vite 6.0.1 next. The host is 10.0.0.12 and the tag vite-5.4.9.1.2.');
    assert.equal(out.get('22.1.0'), undefined);
    assert.equal(out.get('6.0.1'), undefined);
    assert.equal(out.get('10.0.0.12'), undefined);
    assert.equal(out.get('5.4.9.1.2'), undefined);
  });

  it('pairs no product with a number on a later line, nor with a count of what follows it', () => {
    const three = ['{', '  "dependencies": {', '    "next": "14.2.30",', '    "three": "^0.168.0"', '  }', '}'];
    const bySlots = (text: string) => [...manifest(three, text)].filter(([, e]) => e.rule === 'version-slots').map(([k, e]) => `${k}: ${e.status}`);
    assert.deepEqual(bySlots('The viewer is drawn with Three.js\n3 of the meshes are drawn per frame.'), []);
    assert.deepEqual(bySlots('The viewer is drawn with Three.js\n\n2024 was the year it shipped.'), []);
    assert.deepEqual(bySlots('I moved all Next.js 12 pages to the app router.'), []);
    // The same product and number on one line, with no count after it, is still a version.
    assert.deepEqual(bySlots('The viewer is built with Next.js 12 and Three.js.'), ['12: contradicted']);
  });

  it('takes no share for a version, and contradicts nothing with a bare number a label, rank or count could be', () => {
    const stats = (output: string, shown: string) =>
      [
        ...lastOutput(session([user('Describe the repo.'), call('t1', 'Bash', { command: 'gh repo view' }), result('t1', shown), say(output)]), {
          rules: { 'unseen-versions': 'off' },
        }),
      ]
        .filter(([, e]) => e.rule === 'version-slots')
        .map(([k, e]) => `${k}: ${e.status}`);
    // A language's share of the code is no version on either side.
    assert.deepEqual(stats('It is written in Python 3.14.', 'Languages: Python (100.0%)'), []);
    assert.deepEqual(stats('The app is TypeScript 52.3% and Rust 47.7%.', 'Compiler: TypeScript (v5.4.2)'), []);
    // "Priority 1" may be a rank: it grounds "Priority 1" but contradicts no "Priority 2".
    assert.deepEqual(stats('Sources of Priority 2 get half the weight.', 'Weights: Priority: 1 (high) full'), []);
    // A dotted version after the same words still contradicts.
    assert.deepEqual(stats('It is written in Python 3.11.', 'Runtime: Python v3.12.1'), ['3.11: contradicted']);
  });

  it('reads a version written after its product in prose or output (`Ubuntu 22.04`, `▲ Next.js 16.0.0`)', () => {
    const out = (shown: string, text: string) =>
      lastOutput(session([user('Why does the build fail?'), call('t1', 'Bash', { command: 'npm run build' }), result('t1', shown), say(text)]), {
        rules: { 'unseen-versions': 'off' },
      });
    const next = out('   ▲ Next.js 16.0.0\n   - Local: http://localhost:3000', 'The build runs Next.js 19 with Turbopack.').get('19');
    assert.equal(next?.status, 'contradicted');
    assert.equal(next?.detail, 'the context gives Next.js 16.0.0');
    assert.equal(next?.contradiction?.value, '16');
    assert.equal(out('I am on Ubuntu 22.04 with X11.', 'It now works cleanly on Ubuntu 22.5.').get('22.5')?.status, 'contradicted');
    assert.equal(out('I am on Ubuntu 22.04 with X11.', 'It now works cleanly on Ubuntu 22.04.').get('22.04')?.status, 'grounded');
    // A measure with a nought tenth is no version: `FOV 35.0` says nothing of "FOV 50".
    assert.notEqual(out('Camera set: FOV 35.0 and HDR on.', 'The camera now has FOV 50.').get('50')?.status, 'contradicted');
  });

  it('contradicts nothing for a product the context gives several versions of', () => {
    const out = (shown: string, text: string) =>
      lastOutput(session([user('Fix CI.'), call('t1', 'Bash', { command: 'cat ci.log' }), result('t1', shown), say(text)]), {
        rules: { 'unseen-versions': 'off' },
      });
    const bySlots = (m: Map<string, { rule?: string; status: string }>) =>
      [...m].filter(([, e]) => e.rule === 'version-slots').map(([k, e]) => `${k}: ${e.status}`);
    // A span or list of versions, then one of them alone: the claim may be about any of the span.
    assert.deepEqual(bySlots(out('Matrix: Python 3.9 through 3.12\nDocs build on Python 3.12.1', 'The failure is on Python 3.11.')), []);
    assert.deepEqual(bySlots(out('Tested on Python 3.10–3.14; docs use Python 3.12.1', 'The failure is on Python 3.11.')), []);
    // Two interpreters: which one the claim means cannot be told, so neither contradicts it; it is neither, so it is unverified.
    assert.deepEqual(bySlots(out('venv: Python 3.11.4\nsystem: Python 3.12.1', 'The failure is on Python 3.13.')), ['3.13: unverified']);
    // One version, joined to another product by a plus sign, is still the one version.
    assert.deepEqual(bySlots(out('The stack: Vue 3.4.21 + Pico on Vite', 'The frontend runs Vue 4.')), ['4: contradicted']);
  });

  it('reads the ceiling of a range written with a floor (`Django>=3.2,<4`)', () => {
    const pins = (text: string) =>
      lastOutput(
        session([user('Deps?'), call('t1', 'Read', { file_path: '/p/requirements.txt' }), result('t1', numbered(['Django>=3.2,<4', 'celery'])), say(text)]),
        {
          rules: { 'unseen-versions': 'off' },
        },
      );
    const above = pins('The project runs Django 4.1.').get('4.1');
    assert.equal(above?.status, 'contradicted');
    assert.equal(above?.detail, 'the context gives Django >=3.2');
    assert.equal(pins('The project runs Django 3.5.').get('3.5'), undefined);
  });
  it('finds a version unverified that the context never writes for a product it gives other versions of', () => {
    const out = (shown: string, text: string) =>
      lastOutput(session([user('Fix CI.'), call('t1', 'Bash', { command: 'cat ci.log' }), result('t1', shown), say(text)]), {
        rules: { 'unseen-versions': 'off' },
      });
    const bySlots = (m: Map<string, { rule?: string; status: string; detail?: string }>) =>
      [...m].filter(([, e]) => e.rule === 'version-slots').map(([k, e]) => `${k}: ${e.status}: ${e.detail}`);
    // Several versions, none the claimed one: which one is meant cannot be told, but it is none of them.
    const matrix = 'venv: Python 3.11.4\nsystem: Python 3.12.1';
    assert.deepEqual(bySlots(out(matrix, 'The failure is on Python 3.9.')), ['3.9: unverified: the context gives Python 3.11.4, 3.12.1, never 3.9']);
    // A version the context writes in a list (`3.10, 3.11, 3.13`) or in another form (`python3.13`) is not unseen.
    assert.deepEqual(bySlots(out(`${matrix}\nsupported: 3.10, 3.11, 3.13`, 'The failure is on Python 3.13.')), []);
    assert.deepEqual(bySlots(out(`${matrix}\n/usr/bin/python3.13 -m pytest`, 'The failure is on Python 3.13.')), []);
    // A product written with one whole number again and again: another is unseen, though a bare `2` stands elsewhere.
    const vue = 'stack: Vue 3 + Pico\nfrontend: Vue 3 on Vite\nretries: 2';
    assert.deepEqual(bySlots(out(vue, 'The frontend is Vue 2 with Pico.')), ['2: unverified: the context gives Vue 3, never 2']);
    assert.equal(out(vue, 'The frontend is Vue 3 with Pico.').get('3')?.status, 'grounded');
  });

  it('finds no whole number unverified that may be a rank, a label or a status', () => {
    const out = (shown: string, text: string) =>
      [
        ...lastOutput(session([user('Check it.'), call('t1', 'Bash', { command: 'cat notes.txt' }), result('t1', shown), say(text)]), {
          rules: { 'unseen-versions': 'off' },
        }),
      ]
        .filter(([, e]) => e.rule === 'version-slots')
        .map(([k, e]) => `${k}: ${e.status}`);
    // Written once with its number, or numbered beside others in the turn: a rank, not a version.
    assert.deepEqual(out('Priority 1 (high): full weight', 'Sources of Priority 2 get half the weight.'), []);
    assert.deepEqual(out('Priority 1 (high)\nPriority 1 again', 'Priority 1 gets full weight; Priority 2 gets half.'), []);
    // HTTP followed by a number is a status as often as a version.
    assert.deepEqual(out('curl -I: HTTP/2 200\nproxy: HTTP/1.1', 'The site now returns HTTP 503.'), []);
  });

  it('reads a `v`-marked version after a product, and leaves one named beside another to no verdict', () => {
    const out = (shown: string, text: string) =>
      [...lastOutput(session([user('Which Pydantic?'), call('t1', 'Bash', { command: 'pip show pydantic' }), result('t1', shown), say(text)]))]
        .filter(([, e]) => e.rule === 'version-slots')
        .map(([k, e]) => `${k}: ${e.status}`);
    assert.deepEqual(out('Name: pydantic\nVersion: 2.7.1\nPydantic v2 is installed', 'The project uses Pydantic v3 models.'), ['3: contradicted']);
    assert.deepEqual(out('Name: pydantic\nVersion: 2.7.1\nPydantic v2 is installed', 'The adapter handles Pydantic v1/v2 models.'), []);
    // `test_pydantic_v1_models` writes v1 for Pydantic: a claim of it is not judged against v2.
    assert.deepEqual(out('Pydantic v2 is installed\nSKIPPED test_pydantic_v1_models', 'That test requires Pydantic v1.'), []);
    // A lower-case word is no product: `file v8` is the eighth file.
    assert.deepEqual(out('Pydantic v2 is installed\nfile v5 saved', 'The file v8 is a copy of v5.'), []);
  });

  it('finds a port unverified that the context never writes when it gives the local machine several', () => {
    const out = (shown: string, text: string) =>
      [...lastOutput(session([user('Where does it run?'), call('t1', 'Bash', { command: 'cat .env' }), result('t1', shown), say(text)]))]
        .filter(([, e]) => e.rule === 'version-slots')
        .map(([k, e]) => `${k}: ${e.status}: ${e.detail}`);
    const env = 'PORT=3000\nAPI on localhost:8080';
    assert.deepEqual(out(env, 'The Flask app runs on port 8082.'), ['8082: unverified: the context gives the ports 3000, 8080, never 8082']);
    assert.deepEqual(out(env, 'The Flask app runs on port 8080.'), ['8080: grounded: undefined']);
    // A port the context writes as a number of its own (a table of services) may be the one meant.
    assert.deepEqual(out(`${env}\nworker 8082 idle`, 'The Flask app runs on port 8082.'), []);
  });

  it('reads versions in a plain block that reports, not in code, a command or a pin', () => {
    const out = (text: string) =>
      [
        ...lastOutput(
          session([
            user('Check the tools.'),
            call('t1', 'Bash', { command: 'pytest --version; ruff --version' }),
            result('t1', 'pytest 9.0.2\nruff 0.15.9'),
            say(text),
          ]),
          { rules: { 'unseen-versions': 'off' } },
        ),
      ]
        .filter(([, e]) => e.rule === 'version-slots')
        .map(([k, e]) => `${k}: ${e.status}`);
    assert.deepEqual(out('```\nTOOLS  OK  — pytest 9.0.1 | ruff 0.15.9\n```'), ['9.0.1: contradicted', '0.15.9: grounded']);
    assert.deepEqual(out('```text\nTOOLS  OK  — pytest 9.0.1\n```'), ['9.0.1: contradicted']);
    assert.deepEqual(out('```python\nprint("pytest 9.0.1")\n```'), []);
    assert.deepEqual(out('```bash\npip install pytest 9.0.1\n```'), []);
    assert.deepEqual(out('Pin it like this:\n```\npytest 9.0.1\n```'), []);
  });
  it('reads a port a config sets after `port: ` (`port: 5173`), as a claim of another port is judged against', () => {
    const config = ['export default defineConfig({', '  server: {', '    port: 5173,', '    open: true', '  },', '})'];
    const out = (text: string) =>
      lastOutput(session([user('How is Vite set up?'), call('t1', 'Read', { file_path: '/p/vite.config.ts' }), result('t1', numbered(config)), say(text)]));
    const other = out('The dev server runs on port 8080.').get('8080');
    assert.equal(other?.status, 'contradicted');
    assert.equal(other?.rule, 'version-slots');
    assert.equal(other?.contradiction?.value, '5173');
    assert.equal(out('The dev server runs on port 5173.').get('5173')?.status, 'grounded');
  });
});
