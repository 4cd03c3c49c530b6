import { strict as assert } from 'node:assert';
import { lineReach } from '../../../bench/plants/kinds/wrongLine';
import { GENERATORS } from '../../../bench/plants/kinds';
import { claudeCodeFormat } from '../../../shared/transcript/formats/claudeCode';
import { SessionText } from '../../../bench/plants/sessionText';
import { call, numbered, result, say, session, user } from '../../shared/code/claudeSession';
import { parse, plantsOf, validPlants } from './plantHarness';

const READ_CONFIG = [
  user('Why does loading the config fail?'),
  call('t1', 'Read', { file_path: '/repo/src/config.py' }),
  result(
    't1',
    numbered(['import os', '', 'def parse_config(path):', '    with open(path) as f:', '        return load(f)', '', 'class ConfigLoader:', '    pass']),
  ),
];

describe('plant kinds', () => {
  describe('renamed-identifier', () => {
    it('renames a quoted function name the context showed to one the session never mentions', () => {
      const raw = session([...READ_CONFIG, say('Fixed: `parse_config()` in `src/config.py` now closes the file, and `ConfigLoader` is unchanged.')]);
      const plants = validPlants(raw, 'renamed-identifier');
      assert.deepEqual(plants.map((p) => p.find).sort(), ['ConfigLoader', 'parse_config']);
      const p = plants.find((x) => x.find === 'parse_config')!;
      assert.match(p.replace, /parse_config|_parse_config$/);
      assert.ok(p.replace.startsWith('parse_config_') || p.replace.endsWith('_parse_config'), p.replace);
    });

    it('leaves names the context never gave, and plain words, alone', () => {
      const raw = session([...READ_CONFIG, say('I would add `brand_new_helper` and maybe `cache` later.')]);
      assert.deepEqual(validPlants(raw, 'renamed-identifier'), []);
    });

    it('reads a plural written after a word as a word, and leaves a name said to be missing alone', () => {
      const raw = session([
        user('Which Location(s) and action(s) does parse_config take? Is ConfigLoader there?'),
        ...READ_CONFIG.slice(1),
        say('| ID | Location(s) | Summary |\nThe action(s) are listed. There is no `ConfigLoader` subclass.'),
      ]);
      assert.deepEqual(validPlants(raw, 'renamed-identifier'), []);
    });

    it('never picks a rename the session holds in another case', () => {
      const taken = ['parse_config_all', 'PARSE_CONFIG_ASYNC', 'Parse_Config_Impl', 'parse_config_safe', 'parse_config_once', 'try_parse_config'];
      const raw = session([user(`Names in use: ${taken.join(', ')}`), ...READ_CONFIG.slice(1), say('See `parse_config()`.')]);
      const [p] = validPlants(raw, 'renamed-identifier');
      assert.ok(!taken.map((t) => t.toLowerCase()).includes(p.replace.toLowerCase()), p.replace);
    });
  });

  describe('wrong-line', () => {
    it('moves `file:line` and "line N" of a file past every line the session shows', () => {
      const raw = session([...READ_CONFIG, say('The bug is at `src/config.py:3`.\nAlso line 5 of config.py returns early.')]);
      const plants = validPlants(raw, 'wrong-line');
      assert.deepEqual(
        plants.map((p) => p.find),
        ['3', '5'],
      );
      const reach = lineReach(new SessionText(parse(raw), raw));
      assert.ok(reach >= 8, `reach ${reach} covers the 8 lines shown`);
      for (const p of plants) assert.ok(Number(p.replace) > reach && Number(p.replace) <= reach + 40, p.replace);
    });

    it('counts a gutter far down a file as shown', () => {
      const raw = session([
        user('look'),
        call('t1', 'Read', { file_path: '/repo/a.py', offset: 400 }),
        result('t1', numbered(['x = 1', 'y = 2'], 400)),
        say('See `a.py:401`.'),
      ]);
      const [p] = validPlants(raw, 'wrong-line');
      assert.ok(Number(p.replace) > 401, p.replace);
    });

    it('needs the file to be one the session named', () => {
      const raw = session([...READ_CONFIG, say('The bug is at `src/other.py:3`.')]);
      assert.deepEqual(validPlants(raw, 'wrong-line'), []);
    });
  });

  describe('changed-count', () => {
    it('changes a count so the number with its noun occurs nowhere', () => {
      const raw = session([
        user('run the tests'),
        call('t1', 'Bash', { command: 'pytest -q' }),
        result('t1', '12 passed, 1 skipped in 0.4s\n13 tests collected'),
        say('All 12 tests pass; I changed 3 files.'),
      ]);
      const plants = validPlants(raw, 'changed-count');
      assert.deepEqual(
        plants.map((p) => p.find),
        ['12', '3'],
      );
      const lower = raw.toLowerCase();
      assert.ok(!lower.includes(`${plants[0].replace} tests`), plants[0].replace);
      assert.notEqual(plants[0].replace, '13', '13 tests occurs in the session');
      assert.ok(!lower.includes(`${plants[1].replace} files`));
    });

    it('takes no number a preposition parts from the noun: a mode or a position is no count', () => {
      const raw = session([user('defaults?'), say('Modes are typically 644 for files and 755 for directories; numbering restarts at 1 on each page.')]);
      assert.deepEqual(validPlants(raw, 'changed-count'), []);
    });

    it('takes no bound or rough figure: a nearby number is as true in its place', () => {
      const raw = session([
        user('sizes?'),
        say(
          'The list now has over 1000 entries, each under 40 characters; keep answers short (<=5 words), about 12 files changed, ~8 rows moved, up to 3 retries.',
        ),
      ]);
      assert.deepEqual(validPlants(raw, 'changed-count'), []);
    });

    it('reads a zero-padded number as an id', () => {
      const raw = session([user('status?'), say('Session 004 files are ready.')]);
      assert.deepEqual(validPlants(raw, 'changed-count'), []);
    });

    it('reads a number after a label word as a name, and needs lowercase words between number and noun', () => {
      const raw = session([user('plan?'), say('Phase 4 files land next; Level 2 components too; it surfaces as 500 via FastAPI error handling.')]);
      assert.deepEqual(validPlants(raw, 'changed-count'), []);
    });
  });

  describe('changed-version', () => {
    it('changes versions the context gave: semver, pinned and named', () => {
      const raw = session([
        user('versions?'),
        call('t1', 'Bash', { command: 'node --version && npm ls react' }),
        result('t1', 'v20.11.1\nreact@18.2.0\nNode 20'),
        say('You are on Node 20 (v20.11.1) with react@18.2.0; 127.0.0.1 is not a version.'),
      ]);
      const plants = validPlants(raw, 'changed-version');
      assert.deepEqual(plants.map((p) => p.find).sort(), ['18.2.0', '20', '20.11.1']);
      for (const p of plants) assert.ok(!raw.includes(p.find === '20' ? `Node ${p.replace}` : p.replace), p.replace);
    });

    it('plants no version in a share of the code a language has', () => {
      const raw = session([
        user('languages?'),
        call('t1', 'Bash', { command: 'gh repo view --json languages' }),
        result('t1', 'TypeScript 52.3%\nRust 27%'),
        say('The code is TypeScript 52.3% and Rust 27%.'),
      ]);
      assert.deepEqual(validPlants(raw, 'changed-version'), []);
    });

    it('plants no version in code the answer writes, only in its prose', () => {
      const raw = session([
        user('pin it'),
        call('t1', 'Bash', { command: 'npm ls react' }),
        result('t1', 'react@18.2.0'),
        say('Pinned react to what is installed:\n\n```json\n{ "dependencies": { "react": "18.2.0" } }\n```'),
      ]);
      assert.deepEqual(validPlants(raw, 'changed-version'), []);
    });
  });

  describe('changed-port', () => {
    it('changes a port to a number found nowhere in the session', () => {
      const raw = session([
        user('start it'),
        call('t1', 'Bash', { command: 'npm run dev' }),
        result('t1', 'listening on http://localhost:3000 (3001 busy)'),
        say('The server runs at `localhost:3000`.'),
      ]);
      const [p, ...rest] = validPlants(raw, 'changed-port');
      assert.deepEqual(rest, []);
      assert.equal(p.find, '3000');
      assert.ok(!new RegExp(`(?<!\\d)${p.replace}(?!\\d)`).test(raw), p.replace);
      assert.notEqual(p.replace, '3001');
    });

    it('plants no port in code the answer writes', () => {
      const raw = session([
        user('start it'),
        call('t1', 'Bash', { command: 'npm run dev' }),
        result('t1', 'listening on http://localhost:3000'),
        say('Added the client:\n\n```ts\nconst api = "http://localhost:3000";\n```'),
      ]);
      assert.deepEqual(validPlants(raw, 'changed-port'), []);
    });

    it('picks a port near the original or a common one, never a multiple of it', () => {
      const raw = session([user('it listens on port 5432'), say('Postgres is on port 5432.')]);
      const replacements = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((seed) => plantsOf(raw, 'changed-port', seed)[0].replace));
      for (const r of replacements)
        assert.ok(
          [
            '5433',
            '5434',
            '5431',
            '5442',
            '6432',
            '3000',
            '3001',
            '4000',
            '4200',
            '5000',
            '5001',
            '5173',
            '5174',
            '8000',
            '8001',
            '8080',
            '8081',
            '8443',
            '8888',
            '9000',
            '9090',
          ].includes(r),
          r,
        );
    });
  });

  describe('untouched-path', () => {
    it('replaces a file the session named by a sibling it never names', () => {
      const raw = session([...READ_CONFIG, say('I edited `src/config.py` and left example.com alone.')]);
      const [p, ...rest] = validPlants(raw, 'untouched-path');
      assert.deepEqual(rest, []);
      assert.equal(p.find, 'config.py');
      assert.match(p.replace, /^config_\w+\.py$/);
    });

    it('leaves paths in fenced blocks, the commands and code the answer writes, to code-block-token', () => {
      const raw = session([
        ...READ_CONFIG,
        say('To load it:\n```bash\npython src/config.py --check\n```\n```python\n# in src/config.py\nparse_config(path)\n```'),
      ]);
      assert.deepEqual(validPlants(raw, 'untouched-path'), []);
    });

    it('leaves a file the answer says is missing alone', () => {
      const raw = session([...READ_CONFIG, say('Checked the deploy setup:\n- No `src/config.py` override\n- Without src/config.py the defaults apply')]);
      assert.deepEqual(validPlants(raw, 'untouched-path'), []);
    });

    it('keeps an upper-case stem upper-case, and leaves dotfiles and commands alone', () => {
      const raw = session([
        user('Read AGENTS.md, .env.example, then run /speckit.clarify'),
        say('Updated `AGENTS.md` and `.env.example`; rerun `/speckit.clarify`.'),
      ]);
      const plants = validPlants(raw, 'untouched-path');
      assert.deepEqual(
        plants.map((p) => p.find),
        ['AGENTS.md'],
      );
      assert.match(plants[0].replace, /^AGENTS_[A-Z0-9]+\.md$/);
    });
  });

  describe('invented-flag', () => {
    it('changes a flag the agent used to one the session never mentions, not CSS properties or diff headers', () => {
      const raw = session([
        user('watch mode please'),
        call('t1', 'Bash', { command: 'npx vitest --watch' }),
        result('t1', 'watching'),
        say('Started `npx vitest --watch`.\n```diff\ndiff --git a/x b/x\n```\nColour is `--accent: #fff`.'),
      ]);
      const [p, ...rest] = validPlants(raw, 'invented-flag');
      assert.deepEqual(rest, []);
      assert.equal(p.find, 'watch');
      assert.ok(!raw.includes(`--${p.replace}`));
    });

    it('never makes `--no-x` into `--no-no-x`', () => {
      const taken = ['all', 'only', 'mode', 'strict', 'force', 'once'].map((w) => `--no-binary-${w}`).join(' ');
      // Every other variant is taken, so the only one left would be the double negative.
      const raw = session([user(`pip install numpy --no-binary :all: (not ${taken} --force-no-binary)`), say('Use `pip install numpy --no-binary :all:`.')]);
      assert.deepEqual(validPlants(raw, 'invented-flag'), []);
    });
  });

  describe('invented-library', () => {
    it('renames a package the agent installed or imported to one the session never mentions', () => {
      const raw = session([
        user('add validation'),
        call('t1', 'Bash', { command: 'npm install zod' }),
        result('t1', 'added 1 package: zod'),
        say("Ran `npm install zod` and added:\n```ts\nimport { z } from 'zod';\nimport fs from 'fs';\n```"),
      ]);
      const plants = validPlants(raw, 'invented-library');
      assert.deepEqual(
        plants.map((p) => p.find),
        ['zod'],
      );
      assert.match(plants[0].replace, /^zod-\w+$/);
    });

    it('reads Python imports written as code in prose, not JavaScript default imports or the standard library', () => {
      const code = ['from pydantic_settings import BaseSettings', 'import typer', 'import contextlib', "import styles from '../styles/a.module.css'"];
      const raw = session([user(code.join('\n')), say(`The module starts with ${code.map((c) => `\`${c}\``).join(', ')}.`)]);
      const plants = validPlants(raw, 'invented-library');
      assert.deepEqual(
        plants.map((p) => p.find),
        ['pydantic_settings', 'typer'],
      );
      for (const p of plants) assert.match(p.replace, /^[a-z_]+_[a-z]+$/, 'Python names join with _');
    });

    it('leaves fenced blocks to code-block-token, and commands in plain words or naming a path alone', () => {
      const code = ['from pydantic_settings import BaseSettings', 'import typer'];
      const raw = session([
        user(`${code.join('\n')}\npip install -r backend/requirements.txt; npm install with care; zod`),
        say(
          ['```python', ...code, '```', 'Fixed npm install with `--legacy-peer-deps`; ran `pip install -r backend/requirements.txt`; no `zod` library.'].join(
            '\n',
          ),
        ),
      ]);
      assert.deepEqual(validPlants(raw, 'invented-library'), []);
    });
  });

  describe('code-block-token', () => {
    it('changes a name or number inside a fenced block, not keywords or text outside it', () => {
      const raw = session([
        user('what is the retry limit?'),
        call('t1', 'Read', { file_path: '/repo/settings.py' }),
        result('t1', numbered(['retry_limit = 250  # the limit', 'def connect():', '    return True'])),
        say('The setting, retry_limit:\n```python\nretry_limit = 250  # the limit\ndef connect():\n```'),
      ]);
      const plants = validPlants(raw, 'code-block-token');
      assert.deepEqual(
        plants.map((p) => p.find),
        ['retry_limit', '250', 'connect'],
      );
      const answer = raw.slice(raw.lastIndexOf('The setting'));
      const fence = answer.indexOf('```');
      for (const p of plants) assert.ok(p.rawRange[0] > raw.lastIndexOf('The setting') + fence, `${p.find} is inside the block`);
      assert.ok(!/(?<!\d)${plants[1].replace}(?!\d)/.test(raw));
    });

    it('changes tokens only on lines the block quotes, not in code it proposes with names the context gave', () => {
      const raw = session([
        user('add a retry helper'),
        call('t1', 'Read', { file_path: '/repo/settings.py' }),
        result('t1', numbered(['retry_limit = 250  # the limit', 'def connect():', '    return True'])),
        say('Add this:\n```python\ndef connect_with_retry():\n    for attempt in range(retry_limit):\n        if connect():\n            return attempt\n```'),
      ]);
      assert.deepEqual(validPlants(raw, 'code-block-token'), []);
    });

    it('changes no token in a block the sentence introducing it proposes, even on lines the context showed', () => {
      const read = [
        user('why is the retry limit so high?'),
        call('t1', 'Read', { file_path: '/repo/settings.py' }),
        result('t1', numbered(['retry_limit = 250  # the limit', 'def connect():', '    return True'])),
      ];
      const block = '\n\n```python\nretry_limit = 250  # the limit\ndef connect():\n```';
      for (const lead of [
        'Run this in your terminal:',
        'No problem! Add this to your config:',
        'Your file needs to be:',
        "Here's the corrected version:",
        'Let me write it:',
      ]) {
        assert.deepEqual(validPlants(session([...read, say(`${lead}${block}`)]), 'code-block-token'), [], lead);
      }
      for (const lead of ['Let me check `settings.py`:', 'Looking at `settings.py`, it has:', 'The test should fail because it reads:']) {
        assert.ok(validPlants(session([...read, say(`${lead}${block}`)]), 'code-block-token').length > 0, lead);
      }
    });

    it("changes an edit's search side, not its replacement, nor a block titled with the file it writes", () => {
      const read = [
        user('raise the retry limit'),
        call('t1', 'Read', { file_path: '/repo/settings.py' }),
        result('t1', numbered(['retry_limit = 250  # the limit', 'def connect():', '    return True'])),
      ];
      const edit = session([
        ...read,
        say(
          'settings.py\n```python\n<<<<<<< SEARCH\nretry_limit = 250  # the limit\n=======\nretry_limit = 250  # the limit\ndef connect():\n>>>>>>> REPLACE\n```',
        ),
      ]);
      const answer = edit.lastIndexOf('<<<<<<< SEARCH');
      const divider = edit.indexOf('=======', answer);
      const plants = validPlants(edit, 'code-block-token');
      assert.ok(plants.length > 0 && plants.every((p) => p.rawRange[0] > answer && p.rawRange[0] < divider), JSON.stringify(plants));
      for (const title of ['settings.py\n```python', 'Here it is:\n\n```python:settings.py']) {
        const whole = session([...read, say(`${title}\nretry_limit = 250  # the limit\ndef connect():\n    return True\n\`\`\``)]);
        assert.deepEqual(validPlants(whole, 'code-block-token'), [], title);
      }
    });
  });

  describe('changed-error', () => {
    it('swaps an exception class, or one word of a message the context printed', () => {
      const raw = session([
        user('why does it crash?'),
        call('t1', 'Bash', { command: 'node app.js' }),
        result('t1', "Error: Cannot find module 'express'\nKeyError: 'user_id'", true),
        say("It fails with Error: Cannot find module 'express' and a `KeyError`; `raise ValueError(x)` is my code."),
      ]);
      assert.ok(!plantsOf(raw, 'changed-error').some((p) => p.find === 'ValueError'), 'ValueError is only constructed in code');
      const plants = validPlants(raw, 'changed-error');
      assert.deepEqual(
        plants.map((p) => p.find).sort(),
        ['KeyError', ['Cannot', 'find', 'module', 'express'].find((w) => plants.some((p) => p.find === w))].sort(),
      );
      const word = plants.find((p) => p.find !== 'KeyError')!;
      const message = "Cannot find module 'express'".replace(word.find, word.replace);
      assert.ok(!raw.toLowerCase().includes(message.toLowerCase()));
    });

    it('takes a class printed with its message or named as an error, not one imported or caught in code', () => {
      const raw = session([
        user('FileNotFoundError: no such file\nAPIError raised\nTimeoutError'),
        say(
          '```python\nfrom client.api import APIError\ntry:\n    run()\nexcept FileNotFoundError:\n    pass\n```\nIt raised FileNotFoundError: no such file, an APIError error, and TimeoutError.',
        ),
      ]);
      const classes = validPlants(raw, 'changed-error').filter((p) => p.find.endsWith('Error'));
      assert.deepEqual(classes.map((p) => p.find).sort(), ['APIError', 'FileNotFoundError']);
    });

    it('takes a message reported in prose or a log block, not one in code the answer writes', () => {
      const printed = 'ERROR: uvicorn not found. Install with: pip install uvicorn\nValueError: If the document content is empty\nerror: Optional[str] = None';
      const code = [
        '```python\ndef index(doc):\n    """\n    Raises:\n        ValueError: If the document content is empty\n    """\n```',
        'tools/run.py\n<source>\nif missing:\n    print("ERROR: uvicorn not found. Install with: pip install uvicorn")\n</source>',
        'class QueryResponse(BaseModel):\n    error: Optional[str] = None',
      ];
      for (const answer of code) {
        const raw = session([user('Run it.'), call('t1', 'Bash', { command: 'python tools/run.py' }), result('t1', printed, true), say(answer)]);
        assert.deepEqual(validPlants(raw, 'changed-error'), [], answer);
      }
      const reported = session([
        user('Run it.'),
        call('t1', 'Bash', { command: 'python tools/run.py' }),
        result('t1', printed, true),
        say('It stopped with:\n```\nERROR: uvicorn not found. Install with: pip install uvicorn\n```'),
      ]);
      assert.equal(validPlants(reported, 'changed-error').length, 1);
    });
  });
});

describe('plant kinds on hostile text', () => {
  // Runs of what each expression looks for, never completed: a super-linear expression takes minutes on these.
  // biome-ignore format: a list of words or values reads best packed
  const PIECES = ['a', 'a/', 'a.', '--a-', '1.', '1 ', 'Error: a', '`a', '`a.', 'a(', 'localhost:1', 'http://a:', 'npm install --a-', 'line 1', ':1', 'aError', '```\n', '@@ -1 +1 @@'];
  const SIZE = 100_000;

  it('finds sites in linear time', function () {
    this.timeout(60_000);
    const raw = session([user('x'), say('y')]);
    const session_ = new SessionText(parse(raw), raw);
    for (const generator of GENERATORS) {
      for (const piece of PIECES) {
        const text = piece.repeat(Math.ceil(SIZE / piece.length));
        const t0 = performance.now();
        generator.sites(text, session_, () => 0.5);
        const ms = performance.now() - t0;
        assert.ok(ms < 3000, `${generator.kind} on ${JSON.stringify(piece)} × ${SIZE / piece.length}: ${Math.round(ms)} ms`);
      }
    }
  });

  it('bounds the lines a session shows in linear time', function () {
    this.timeout(60_000);
    for (const piece of PIECES) {
      const text = piece.repeat(Math.ceil(SIZE / piece.length));
      const raw = session([user(text), say('y')]);
      const t0 = performance.now();
      lineReach(new SessionText(claudeCodeFormat.parse({ raw }), raw));
      const ms = performance.now() - t0;
      assert.ok(ms < 3000, `${JSON.stringify(piece)} × ${SIZE / piece.length}: ${Math.round(ms)} ms`);
    }
  });
});
