/**
 * `invented-library`: a package the answer installs, imports or names as a
 * library (`npm install zod`, `from requests import`, `use serde::`, "the
 * `pytest-cov` plugin") changed to a plausible one the session never
 * mentions (`zod-lite`, `requests_utils`).
 *
 * Only names the prose writes as code count (an install command or import in
 * backticks, a backticked name called a library): a fenced block is code the
 * answer writes or quotes, and its tokens are `code-block-token`'s; a command
 * written in plain words ("fixed npm install with the flag") has no name to
 * read.
 */
import { deniedBefore, fencedBlocks, inlineCodeMask, inRanges } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import { firstOk } from '../variants';

interface Pattern {
  re: RegExp;
  /** An install command: its operand followed by `/` is a path (`pip install -r backend/requirements.txt`), not a package. */
  install?: true;
  /** The pattern itself holds the name's backticks. */
  quoted?: true;
  /** What joins a suffix to the name where the language forbids hyphens. */
  join?: '_';
}

const PATTERNS: Pattern[] = [
  {
    install: true,
    re: /\b(?:npm (?:install|i|add)|pnpm (?:add|install)|yarn add|bun add|pip3? install|uv (?:pip install|add)|poetry add|cargo add|gem install|brew install|composer require)(?: +--?[\w=][\w=\-]*)* +(?:@[\w.\-]+\/)?([A-Za-z0-9][\w.\-]*)/dg,
  },
  { re: /\bfrom ['"](?:@[\w.\-]+\/)?([A-Za-z0-9][\w.\-]*)/dg },
  { re: /\b(?:require|import)\(['"](?:@[\w.\-]+\/)?([A-Za-z0-9][\w.\-]*)/dg },
  // Python's `from x import` and `import x` (not JavaScript's `import x from`).
  { re: /(?:^[ \t]*|`)from ([A-Za-z_]\w*)[\w.]* import\b/dgm, join: '_' },
  { re: /(?:^[ \t]*|`)import ([A-Za-z_]\w*)(?=[ \t]*(?:\r?$|#|,|\.| as\b|`))/dgm, join: '_' },
  { re: /(?:^[ \t]*|`)use ([a-z_]\w*)::/dgm, join: '_' },
  { quoted: true, re: /`(?:@[\w.\-]+\/)?([A-Za-z0-9][\w.\-]{1,60})` (?:library|package|crate|module|dependency|gem|plugin)\b/dg },
];

/** Standard-library modules and language words: renaming them says nothing about a dependency. */
const STANDARD = new Set(
  (
    'os sys re json path fs typing pathlib subprocess time datetime collections itertools functools math io util crypto http https ' +
    'child_process assert tempfile shutil logging argparse unittest dataclasses abc enum random string std self super crate ' +
    'events stream url net readline process buffer zlib node fmt errors strings context core alloc contextlib urllib sqlite3 ' +
    'asyncio csv hashlib base64 uuid glob copy pickle threading socket signal traceback inspect textwrap platform struct queue ' +
    'warnings operator decimal statistics secrets html xml email zipfile tarfile gzip configparser getpass pprint shlex stat ' +
    'weakref types contextvars concurrent multiprocessing ssl importlib builtins'
  ).split(' '),
);

export function libraryVariants(name: string, join: string): string[] {
  return ['lite', 'utils', 'core', 'next', 'extra', 'plus', 'compat', 'tools', 'kit'].map((s) => `${name}${join}${s}`);
}

export const inventedLibrary: PlantGenerator = {
  kind: 'invented-library',
  sites(text, session, rand) {
    const list = new SiteList();
    const seen = new Set<number>();
    const blocks = fencedBlocks(text);
    const inCode = inlineCodeMask(text);
    for (const { re, join, install, quoted } of PATTERNS) {
      for (const m of text.matchAll(re)) {
        const group = m.length - 1;
        const at = m.indices![group][0];
        // A sentence's full stop is not part of the name.
        const name = m[group].replace(/\.+$/, '');
        // A file (`git.ts`) or a private module (`__future__`) is not a package anyone installs.
        if (seen.has(at) || name.length < 2 || STANDARD.has(name.toLowerCase()) || /^[._]/.test(name) || /\.[a-z]{1,4}$/.test(name)) continue;
        seen.add(at);
        if (inRanges(blocks, at) || !(quoted || inCode[at] === 1) || deniedBefore(text, m.index) || (install && text[at + name.length] === '/')) continue;
        if (!list.match(name) || !session.inContext(name)) continue;
        const sep = join ?? (name.includes('_') ? '_' : '-');
        list.add(
          at,
          at + name.length,
          firstOk(libraryVariants(name, sep), rand, (v) => session.absent(v, true)),
        );
      }
    }
    return list.result();
  },
};
