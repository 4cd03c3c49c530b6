/**
 * `wrong-line`: a line number the answer gives for a file (`src/a.py:12`, or
 * "line 12" next to a file's name) moved past every line number the session
 * shows or mentions and past the longest text it shows, so the line is
 * one the agent never saw.
 */
import { pathTokens } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import type { SessionText } from '../sessionText';

const LINE_WORD = /\b[Ll]ine (\d{1,6})\b(?![-–,.]\d)/g;
const COLON_LINE = /^:(\d{1,6})(?![-–,\d])/;

export const wrongLine: PlantGenerator = {
  kind: 'wrong-line',
  sites(text, session, rand) {
    const list = new SiteList();
    const paths = pathTokens(text);
    const beyond = () => lineReach(session) + 1 + Math.floor(rand() * 40);
    for (const p of paths) {
      const m = COLON_LINE.exec(text.slice(p.end, p.end + 8));
      if (!m || !list.match(`${p.path}:${m[1]}`) || !session.inContext(p.path.slice(p.base - p.start))) continue;
      const line = beyond();
      const at = p.end + 1;
      list.add(at, at + m[1].length, session.absent(`${p.path.slice(p.base - p.start)}:${line}`) ? String(line) : undefined);
    }
    for (const m of text.matchAll(LINE_WORD)) {
      const from = text.lastIndexOf('\n', m.index) + 1;
      const to = text.indexOf('\n', m.index) >>> 0;
      // A file named on the same line of the answer says which file the line is in.
      const named = paths.find((p) => p.start >= from && p.end <= Math.min(to, text.length) && session.inContext(p.path.slice(p.base - p.start)));
      if (!named || !list.match(`${named.path} line ${m[1]}`)) continue;
      const line = beyond();
      const at = m.index + m[0].length - m[1].length;
      list.add(at, at + m[1].length, session.absent(`line ${line}`, true) ? String(line) : undefined);
    }
    return list.result();
  },
};

const reaches = new WeakMap<SessionText, number>();

/**
 * An upper bound on any line the session shows of any file: the most lines
 * any one segment has, every line-number gutter, diff hunk end, `sed -n
 * 'a,bp'` and `head -n` bound, and every "line N" or `file:N` it writes.
 */
export function lineReach(session: SessionText): number {
  const known = reaches.get(session);
  if (known !== undefined) return known;
  let most = 0;
  const see = (n: number) => {
    if (n > most && n < 10_000_000) most = n;
  };
  const text = session.everything;
  for (const segment of text.split('\n\u0000\n')) {
    let lines = 1;
    for (let i = segment.indexOf('\n'); i !== -1; i = segment.indexOf('\n', i + 1)) lines++;
    see(lines);
  }
  for (const m of text.matchAll(/^ *(\d{1,7})(?:→|\t|:|\|| \|)/gm)) see(Number(m[1]));
  for (const m of text.matchAll(/@@ -(\d{1,7})(?:,(\d{1,7}))? \+(\d{1,7})(?:,(\d{1,7}))? @@/g)) {
    see(Number(m[1]) + Number(m[2] ?? 1));
    see(Number(m[3]) + Number(m[4] ?? 1));
  }
  for (const m of text.matchAll(/\b(\d{1,7}),(\d{1,7})p\b/g)) see(Number(m[2]));
  for (const m of text.matchAll(/\bhead -(?:n ?)?(\d{1,7})\b/g)) see(Number(m[1]));
  for (const m of text.matchAll(/\blines? (\d{1,7})(?: ?(?:-|–|to) ?(\d{1,7}))?/gi)) see(Number(m[2] ?? m[1]));
  for (const p of pathTokens(text)) {
    const m = /^:(\d{1,7})(?:[-–](\d{1,7}))?/.exec(text.slice(p.end, p.end + 17));
    if (m) see(Number(m[2] ?? m[1]));
  }
  reaches.set(session, most);
  return most;
}
