/**
 * `changed-port`: a port (`localhost:3000`, `http://host:8080/`, `port
 * 5432`, `PORT=3000`, `:4000`) the context gave, changed to one that occurs
 * nowhere in the session as a number. Not in code the answer writes.
 */
import { codeBlocks, inRanges } from '../answerText';
import { SiteList, type PlantGenerator } from '../generator';
import { firstOk } from '../variants';

const PATTERNS = [
  /\b(?:localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1?\]|host\.docker\.internal):(\d{2,5})(?![\d@])/g,
  /\b(?:https?|wss?|postgres(?:ql)?|redis|mysql|mongodb|amqp|tcp|grpc):\/\/[\w.@:\-]{1,100}?:(\d{2,5})(?![\d@])/g,
  /\b[Pp]orts? (?:number |is |of |to |on )?:?(\d{2,5})(?!\d|\.\d)/g,
  /\bPORT ?[=:] ?(\d{2,5})(?!\d)/g,
  /(?<=[\s`'"(]):(\d{4,5})(?![\w])/g,
];
const COMMON = [3000, 3001, 4000, 4200, 5000, 5001, 5173, 5174, 8000, 8001, 8080, 8081, 8443, 8888, 9000, 9090];

/** Ports a model might confuse with `n`: one or two off, ten off, the next thousand. */
function portsNear(n: number): number[] {
  return [n + 1, n + 2, n - 1, n + 10, n + 1000].filter((v) => v >= 1024 && v <= 65535);
}

export const changedPort: PlantGenerator = {
  kind: 'changed-port',
  sites(text, session, rand) {
    const list = new SiteList();
    const seen = new Set<number>();
    // A port in code the answer writes (a file's content, an edit) is that code's setting, not a claim about the session.
    const code = codeBlocks(text);
    for (const re of PATTERNS) {
      for (const m of text.matchAll(re)) {
        const digits = m[m.length - 1];
        const at = m.index + m[0].length - digits.length;
        const n = Number(digits);
        if (seen.has(at) || n < 10 || n > 65535 || inRanges(code, at)) continue;
        seen.add(at);
        if (!list.match(digits) || !session.inContext(digits)) continue;
        const other = firstOk([...portsNear(n), ...COMMON], rand, (v) => v !== n && session.numberAbsent(String(v)));
        list.add(at, at + digits.length, other === undefined ? undefined : String(other));
      }
    }
    return list.result();
  },
};
