/**
 * `untouched-path`: a file path the session did name (`src/math_utils.py`)
 * replaced by a sibling (`src/math_utils_helpers.py`, `src/math_utils_old.py`)
 * whose name occurs nowhere in the session, so the file was never touched.
 * Paths in fenced blocks are left to `code-block-token`, as names are.
 */
import { deniedBefore, fencedBlocks, inRanges, pathTokens } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import { firstOk, stemVariants } from '../variants';

export const untouchedPath: PlantGenerator = {
  kind: 'untouched-path',
  sites(text, session, rand) {
    const list = new SiteList();
    const blocks = fencedBlocks(text);
    for (const p of pathTokens(text)) {
      // A path in a fenced block is in code or a command the answer writes, or in a quoted listing (code-block-token's).
      if (inRanges(blocks, p.start)) continue;
      const quoted = p.start > 0 && text[p.start - 1] === '`';
      // A bare word with a dot is as often a module or a host as a file: only quoted names or paths with a directory.
      if (!quoted && !p.path.includes('/')) continue;
      // "No `vercel.json`": an absent file said to be absent is no fabrication.
      if (deniedBefore(text, p.start)) continue;
      const name = text.slice(p.base, p.end);
      if (!list.match(p.path) || !session.inContext(name)) continue;
      // A dotfile (`.env.example`) has no stem to make a sibling of.
      if (name.startsWith('.')) continue;
      const dot = name.indexOf('.', 1);
      const stem = name.slice(0, dot);
      const ext = name.slice(dot);
      if (stem.length < 2) continue;
      const other = firstOk(stemVariants(stem), rand, (s) => session.absent(s + ext, true));
      list.add(p.base, p.end, other === undefined ? undefined : other + ext);
    }
    return list.result();
  },
};
