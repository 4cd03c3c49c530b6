/**
 * A synthetic Claude Code session (`~/.claude/projects/.../<uuid>.jsonl`) of a
 * chosen size, for benchmarks. It has the shape real sessions have: a uuid /
 * parentUuid chain with occasional rewinds, one API response split over
 * several lines sharing `message.id`, Read results with `    12→` line
 * prefixes, Bash output, a `toolUseResult` copy the model never saw,
 * bookkeeping lines, a large base64 screenshot, and escapes of every kind.
 * Assistant text repeats identifiers, numbers, dates, URLs and names from
 * earlier tool results, and a known share of them are made up.
 *
 * Deterministic for a given seed, so figures are comparable between runs.
 */
import { prng } from './prng';
import { SessionLines } from './sessionLines';

export interface ClaudeSessionOptions {
  /** Approximate file size in UTF-16 units. Default 20 MB. */
  targetSize?: number;
  /** Assistant text outputs to write. Default 2,000. */
  outputs?: number;
  /** Share of outputs that state at least one made-up entity. Default 0.25. */
  fabricatedShare?: number;
  seed?: number;
}

export interface GeneratedSession {
  raw: string;
  lines: number;
  /** Assistant text blocks (each one an output to check). */
  outputs: number;
  /** Outputs holding at least one entity found nowhere in the session. */
  fabricated: number;
}

const SESSION_ID = '4f1c2d7e-9a3b-4c5d-8e6f-0a1b2c3d4e5f';
const CWD = '/home/dev/shop-billing';
const FIRST_NAMES = ['Katarina', 'Tomasz', 'Amara', 'Hiroshi', 'Lucía', 'Oskar', 'Priya', 'Mateus', 'Ingrid', 'Dmitri'];
const LAST_NAMES = ['Holm', 'Nowak', 'Okafor', 'Tanaka', 'Ferreira', 'Lindqvist', 'Raman', 'Costa', 'Berg', 'Volkov'];
const WORDS = ['invoice', 'ledger', 'refund', 'payout', 'tax', 'currency', 'customer', 'order', 'coupon', 'batch', 'webhook', 'retry'];
const FILLER = [
  'if (!result.ok) return fail(result.error);',
  'const total = items.reduce((sum, item) => sum + item.amount, 0);',
  'logger.debug("processing batch", { size: batch.length });',
  '// keep the old behaviour until every client upgrades',
  'await queue.flush();',
  'for (const row of rows) validate(row);',
  'export default router;',
  '',
];

/** The facts one tool result reveals, for later outputs to repeat. */
interface Facts {
  identifier: string;
  constant: string;
  number: string;
  date: string;
  url: string;
  person: string;
  path: string;
}

export function generateClaudeSession(options: ClaudeSessionOptions = {}): GeneratedSession {
  const targetSize = options.targetSize ?? 20_000_000;
  const outputCount = options.outputs ?? 2_000;
  const fabricatedShare = options.fabricatedShare ?? 0.25;
  const rand = prng(options.seed ?? 42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));

  let uuidCounter = 0;
  const uuid = (): string => {
    const n = (++uuidCounter).toString(16).padStart(12, '0');
    return `${Math.floor(rand() * 0xffffffff)
      .toString(16)
      .padStart(8, '0')}-${n.slice(0, 4)}-4${n.slice(4, 7)}-a${n.slice(7, 10)}-${n.padStart(12, '0')}`;
  };
  let clock = Date.UTC(2025, 8, 14, 9, 0, 0);
  const timestamp = (): string => new Date((clock += int(400, 9000))).toISOString();

  const session = new SessionLines({ sessionId: SESSION_ID, cwd: CWD, uuid, timestamp });
  const out = session.lines;

  let fresh = 0;
  const newFacts = (): Facts => {
    fresh++;
    const word = pick(WORDS);
    return {
      identifier: `${word}${pick(['Handler', 'Client', 'Queue', 'Store'])}${fresh}.${pick(['flush', 'resolve', 'apply'])}()`,
      constant: `${word.toUpperCase()}_LIMIT_${fresh}`,
      number: `${int(1, 99)},${String(int(0, 999)).padStart(3, '0')}`,
      date: `20${int(19, 25)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
      url: `https://api.${word}-svc${fresh}.example.com/v${int(1, 4)}/${word}s`,
      person: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`,
      path: `src/${word}/${word}${fresh}.ts`,
    };
  };
  /** Values that appear nowhere else in the session. */
  const madeUp = (): Partial<Facts> => {
    fresh++;
    return {
      number: `${int(100, 999)},${String(int(0, 999)).padStart(3, '0')}`,
      date: `19${int(70, 98)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
      url: `https://fabricated${fresh}.example.org/docs`,
    };
  };

  const readResult = (f: Facts, lines: number): string => {
    const body: string[] = [];
    const factLine = int(3, Math.max(4, lines - 3));
    for (let n = 1; n <= lines; n++) {
      let code: string;
      if (n === 1) code = `// ${f.path}: see ${f.constant} before changing`;
      else if (n === factLine) code = `export const ${f.constant} = ${f.number.replace(',', '')}; // ${f.number} max, owner: ${f.person}, since ${f.date}`;
      else if (n === factLine + 1) code = `const ENDPOINT = "${f.url}"; // "quoted" and \\escaped\\ on purpose`;
      else if (n === factLine + 2) code = `\treturn ${f.identifier}; // batch is flushed by the caller`;
      else code = pick(FILLER);
      body.push(`${String(n).padStart(6, ' ')}→${code}`);
    }
    return body.join('\n');
  };
  const bashResult = (f: Facts, lines: number): string => {
    const body: string[] = [`\u001b[32m✔\u001b[0m ${f.path} — ${f.person} reviewed on ${f.date}: "see ${f.constant} before changing"`];
    for (let n = 0; n < lines; n++) {
      body.push(`${f.path}:${int(1, 400)}:  ${pick(FILLER)} // café ${n}`);
    }
    body.push(`${f.path}:${int(1, 400)}:  return ${f.identifier};`);
    body.push(`GET ${f.url} → 200 (${f.number} rows)`, `${f.constant}=${f.number}`);
    return body.join('\n');
  };

  // Bookkeeping lines real sessions open with.
  session.emit({ type: 'summary', summary: 'Billing retries and invoice limits', leafUuid: 'leaf-unknown' });
  session.emit({ type: 'file-history-snapshot', messageId: 'snap-1', snapshot: { trackedFileBackups: {}, timestamp: timestamp() }, isSnapshotUpdate: false });

  const known: Facts[] = [];
  let parent: string | null = null;
  let outputs = 0;
  let fabricated = 0;
  let messageCounter = 0;
  // Bytes per cycle so that `outputCount` cycles land near `targetSize`.
  const perCycle = targetSize / outputCount;

  for (let cycle = 0; cycle < outputCount; cycle++) {
    if (cycle % 25 === 0) {
      const prompt = known.length > 0 ? pick(known) : undefined;
      const text = prompt
        ? `Why does ${prompt.path} still use ${prompt.constant}? Ask ${prompt.person} if unsure.`
        : 'Find where the invoice limits are defined and who owns them.';
      // Every 200 cycles the user rewinds: the new prompt hangs off an older turn.
      parent = session.envelope('user', cycle > 0 && cycle % 200 === 0 ? rewindTarget(out) : parent, {
        message: { role: 'user', content: text },
      });
    }
    const facts = newFacts();
    known.push(facts);
    const messageId = `msg_01${(++messageCounter).toString(36).padStart(10, '0')}`;
    const requestId = `req_011C${messageCounter.toString(36).padStart(8, '0')}`;
    const toolId = `toolu_01${messageCounter.toString(36).padStart(10, '0')}`;
    const useRead = rand() < 0.6;
    const tool = useRead
      ? { name: 'Read', input: { file_path: `${CWD}/${facts.path}` } }
      : { name: 'Bash', input: { command: `rg -n "${facts.constant}" src && curl -s ${facts.url}`, description: 'Search' } };
    parent = session.envelope('assistant', parent, {
      requestId,
      message: {
        model: 'claude-sonnet-4-5-20250929',
        id: messageId,
        type: 'message',
        role: 'assistant',
        content: [{ type: 'tool_use', id: toolId, name: tool.name, input: tool.input }],
        stop_reason: null,
        usage: { input_tokens: int(3, 9), output_tokens: int(20, 200) },
      },
    });
    // Tool output sized so the file reaches its target; the copy in toolUseResult doubles Read results.
    const budget = perCycle - 3000;
    const resultText = useRead ? readResult(facts, Math.max(8, Math.floor(budget / 2 / 48))) : bashResult(facts, Math.max(4, Math.floor(budget / 70)));
    const content: unknown[] = [{ tool_use_id: toolId, type: 'tool_result', content: resultText }];
    const userExtra: Record<string, unknown> = {
      message: { role: 'user', content },
      toolUseResult: useRead
        ? { type: 'text', file: { filePath: `${CWD}/${facts.path}`, content: resultText.replace(/^ *\d+→/gm, ''), numLines: 0 } }
        : { stdout: '', stderr: '', interrupted: false },
    };
    if (cycle === Math.floor(outputCount / 2)) {
      // One screenshot: a single line of about 1.5 MB of base64.
      content.push({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: base64Noise(rand, 1_500_000) } });
    }
    parent = session.envelope('user', parent, userExtra);

    // The answer repeats facts from this result and from a few older ones.
    const older = known[int(Math.max(0, known.length - 60), known.length - 1)];
    const lie = rand() < fabricatedShare ? madeUp() : undefined;
    if (lie) fabricated++;
    const number = lie?.number ?? facts.number;
    const date = lie?.date ?? older.date;
    const url = lie?.url ?? facts.url;
    const text =
      `${facts.constant} is ${number} in \`${facts.path}\`; ${facts.person} set it on ${date}.\n` +
      `The client calls \`${facts.identifier}\` against ${url} — "see ${older.constant}" as ${older.person} noted.`;
    if (rand() < 0.3) {
      parent = session.envelope('assistant', parent, {
        requestId: `${requestId}b`,
        message: {
          id: `${messageId}b`,
          role: 'assistant',
          type: 'message',
          content: [{ type: 'thinking', thinking: `Check ${facts.constant} against ${older.constant}.`, signature: 'c2ln' }],
        },
      });
    }
    parent = session.envelope('assistant', parent, {
      requestId: `${requestId}c`,
      message: { id: `${messageId}c`, role: 'assistant', type: 'message', content: [{ type: 'text', text }] },
    });
    outputs++;
    if (session.size >= targetSize * 1.02) break;
  }
  return { raw: session.raw, lines: out.length, outputs, fabricated };
}

/** The uuid of a line about 30 lines back: where a rewind resumes. */
function rewindTarget(lines: readonly string[]): string | null {
  for (let i = Math.max(0, lines.length - 30); i < lines.length; i++) {
    const m = /"uuid":"([^"]+)"/.exec(lines[i].slice(-120));
    if (m && lines[i].includes('"type":"user"')) return m[1];
  }
  return null;
}

function base64Noise(rand: () => number, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  const block: string[] = [];
  for (let i = 0; i < 4096; i++) block.push(alphabet[Math.floor(rand() * 64)]);
  const chunk = block.join('');
  return chunk.repeat(Math.ceil(length / chunk.length)).slice(0, length);
}
