/**
 * A synthetic Claude Code session shaped like a long real one rather than a
 * varied one: a handful of files read again and again with the same 40
 * lines, the same log lines from the same commands, a few names and values
 * repeated thousands of times, and thousands of short assistant turns. Where
 * the varied session (claudeSession.ts) has new facts in every tool result,
 * here almost every lookup hits hundreds or thousands of earlier places.
 *
 * The pathological variant reads one file on every turn, each of whose lines
 * names the same person, so that one name occurs hundreds of thousands of
 * times: real, if rare (a loop re-reading a file it is editing).
 *
 * Deterministic for a given seed, so figures are comparable between runs.
 */
import type { GeneratedSession } from './claudeSession';
import { prng } from './prng';
import { countedIds, SessionLines } from './sessionLines';

export interface RepetitiveSessionOptions {
  /** Approximate file size in UTF-16 units. Default 20 MB. */
  targetSize?: number;
  /** Every turn reads the same file, whose every line names the same person. */
  pathological?: boolean;
  /** Each response records its token usage, as Claude Code logs it; default none. */
  usage?: boolean;
  /** A person's prompt after every this many tool calls, so the session has turns that end (a stop hook's stops); default none. */
  promptEvery?: number;
  seed?: number;
}

const SESSION_ID = '7d2e4f60-1b3c-4a5d-9e7f-1a2b3c4d5e6f';
const CWD = '/home/dev/shop-billing';
const FILE_LINES = 40;
const PEOPLE = ['Katarina Holm', 'Tomasz Nowak', 'Amara Okafor', 'Hiroshi Tanaka'];
const DATES = ['2025-03-14', '2024-11-02', '2025-06-30'];
const URLS = ['https://api.billing.example.com/v2/invoices', 'https://status.example.com/billing', 'https://docs.example.com/ledger'];
const FILES = ['src/billing/limits.ts', 'src/billing/invoice.ts', 'src/ledger/retry.ts', 'src/tax/rates.ts', 'src/webhooks/queue.ts'];
const CONSTANTS = ['INVOICE_LIMIT', 'RETRY_BUDGET', 'LEDGER_BATCH', 'TAX_RATE', 'QUEUE_DEPTH', 'REFUND_WINDOW'];
const VALUES = ['12,500', '3', '250', '19', '1,024', '30'];
const FUNCTIONS = ['invoiceStore.flush()', 'ledgerClient.apply()', 'retryQueue.resolve()', 'taxTable.lookup()'];
const FILLER = [
  'if (!result.ok) return fail(result.error);',
  'const total = items.reduce((sum, item) => sum + item.amount, 0);',
  'logger.debug("processing batch", { size: batch.length });',
  'await queue.flush();',
  '',
];

/** One file's 40 numbered lines; the same every time it is read. */
function fileBody(fileIndex: number, pathological: boolean): string {
  const lines: string[] = [];
  for (let n = 1; n <= FILE_LINES; n++) {
    const k = (fileIndex + n) % CONSTANTS.length;
    let code: string;
    if (pathological) code = `// ${PEOPLE[0]}: ${CONSTANTS[k]} = ${VALUES[k]} since ${DATES[n % DATES.length]}`;
    else if (n % 8 === 1)
      code = `export const ${CONSTANTS[k]} = ${VALUES[k].replace(',', '')}; // ${VALUES[k]} max, owner: ${PEOPLE[n % PEOPLE.length]}, since ${DATES[n % DATES.length]}`;
    else if (n % 8 === 3) code = `const ENDPOINT = "${URLS[n % URLS.length]}";`;
    else if (n % 8 === 5) code = `\treturn ${FUNCTIONS[(fileIndex + n) % FUNCTIONS.length]};`;
    else code = FILLER[n % FILLER.length];
    lines.push(`${String(n).padStart(6, ' ')}→${code}`);
  }
  return lines.join('\n');
}

/** The same test run's log lines, whoever asks. */
function logBody(): string {
  const lines: string[] = [];
  for (let n = 0; n < FILE_LINES; n++) {
    const k = n % CONSTANTS.length;
    lines.push(
      `[${DATES[n % DATES.length]}T09:${String(n).padStart(2, '0')}:00Z] INFO ${FILES[n % FILES.length]}: ${CONSTANTS[k]}=${VALUES[k]} (${PEOPLE[n % PEOPLE.length]}) GET ${URLS[n % URLS.length]} 200`,
    );
  }
  return lines.join('\n');
}

export function generateRepetitiveSession(options: RepetitiveSessionOptions = {}): GeneratedSession {
  const targetSize = options.targetSize ?? 20_000_000;
  const pathological = options.pathological ?? false;
  const rand = prng(options.seed ?? 7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const bodies = FILES.map((_, i) => fileBody(i, pathological));
  const plain = bodies.map((b) => b.replace(/^ *\d+→/gm, ''));
  const log = logBody();

  const session = new SessionLines(countedIds(SESSION_ID, CWD, 'a', Date.UTC(2025, 8, 14, 9, 0, 0), () => 1000 + Math.floor(rand() * 4000)));

  let parent: string | null = session.envelope('user', null, {
    message: { role: 'user', content: 'Keep the billing limits consistent and tell me what you change.' },
  });
  let outputs = 0;
  let fabricated = 0;
  for (let turn = 0; session.size < targetSize; turn++) {
    const id = `${turn.toString(36).padStart(10, '0')}`;
    const toolId = `toolu_01${id}`;
    const read = pathological || rand() < 0.7;
    const f = pathological ? 0 : Math.floor(rand() * FILES.length);
    const tool = read
      ? { name: 'Read', input: { file_path: `${CWD}/${FILES[f]}` } }
      : { name: 'Bash', input: { command: 'npm test 2>&1 | tail -40', description: 'Run tests' } };
    // Claude Code logs the text before a tool call as its own line of the same response.
    const before = read ? `Reading \`${FILES[f]}\` again to check ${CONSTANTS[turn % CONSTANTS.length]}.` : 'Running the tests again.';
    parent = session.envelope('assistant', parent, {
      requestId: `req_011C${id}`,
      message: { id: `msg_01${id}`, type: 'message', role: 'assistant', model: 'claude-sonnet-4-5-20250929', content: [{ type: 'text', text: before }] },
    });
    outputs++;
    parent = session.envelope('assistant', parent, {
      requestId: `req_011C${id}`,
      message: {
        id: `msg_01${id}`,
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5-20250929',
        content: [{ type: 'tool_use', id: toolId, ...tool }],
      },
    });
    const resultText = read ? bodies[f] : log;
    parent = session.envelope('user', parent, {
      message: { role: 'user', content: [{ tool_use_id: toolId, type: 'tool_result', content: resultText }] },
      toolUseResult: read
        ? { type: 'text', file: { filePath: `${CWD}/${FILES[f]}`, content: plain[f], numLines: FILE_LINES } }
        : { stdout: '', stderr: '', interrupted: false },
    });
    // Short answers naming the same few things; one in twenty gives a value nothing showed.
    const k = Math.floor(rand() * CONSTANTS.length);
    const lie = rand() < 0.05;
    if (lie) fabricated++;
    const value = lie ? `${9000 + (turn % 997)}` : VALUES[k];
    const text = pathological
      ? `${PEOPLE[0]} owns ${CONSTANTS[k]}; it is ${value}.`
      : `${CONSTANTS[k]} is ${value} in \`${pick(FILES)}\`, set by ${pick(PEOPLE)} on ${pick(DATES)}; \`${pick(FUNCTIONS)}\` calls ${pick(URLS)}.`;
    parent = session.envelope('assistant', parent, {
      requestId: `req_011C${id}c`,
      message: {
        id: `msg_01${id}c`,
        type: 'message',
        role: 'assistant',
        content: [{ type: 'text', text }],
        ...(options.usage
          ? { model: 'claude-sonnet-4-5-20250929', usage: { input_tokens: 4, cache_read_input_tokens: 9_000 + turn, output_tokens: 40 + (turn % 60) } }
          : {}),
      },
    });
    outputs++;
    if (options.promptEvery && (turn + 1) % options.promptEvery === 0) {
      parent = session.envelope('user', parent, { message: { role: 'user', content: `Now check ${CONSTANTS[(turn + 1) % CONSTANTS.length]} the same way.` } });
    }
  }
  return { raw: session.raw, lines: session.lines.length, outputs, fabricated };
}
