/**
 * Files whose size sits in one place: a Claude Code session of one turn that
 * names thousands of values (a table or a log written out as prose), and a
 * chat exported as one line of JSON whose answer has tens of thousands of
 * findings against a context of tens of megabytes. Work done once per entity
 * or per finding over the whole output or line shows here as growth faster
 * than the count.
 */
import { countedIds, SessionLines } from './sessionLines';

/** `route 17 returned 100000 errors, route 17 returned 100013 errors, …`: a number per item that no context gives. */
function routeErrors(values: number): string {
  return Array.from({ length: values }, (_, i) => `route 17 returned ${100_000 + i * 13} errors`).join(', ') + '.';
}

/** A session of one question and one answer naming `values` numbers the question does not give, on one line. */
export function generateManyValuesTurn(values: number): { raw: string; findings: number } {
  const session = new SessionLines(countedIds('7d2e4f6a-1b3c-4d5e-8f9a-0b1c2d3e4f5a', '/home/dev/ops', 'd', Date.UTC(2025, 9, 2, 8, 0, 0), () => 1_000));
  const question = session.envelope('user', null, { message: { role: 'user', content: 'How many errors did route 17 return in each window?' } });
  session.envelope('assistant', question, {
    requestId: 'req_033C0000000001',
    message: { id: 'msg_0300000001', type: 'message', role: 'assistant', content: [{ type: 'text', text: `In each window: ${routeErrors(values)}` }] },
  });
  return { raw: session.raw, findings: values };
}

/**
 * `{"messages":[…]}` on one line: a user message of about `contextSize`
 * units that names route 17 and its errors throughout, then an answer with
 * `findings` error counts it does not give.
 */
export function generateOneLineChat(contextSize: number, findings: number): { raw: string; findings: number } {
  const sentence = 'Route 17 returned 200 errors in the last hour. ';
  const context = sentence.repeat(Math.ceil(contextSize / sentence.length));
  const raw = JSON.stringify({
    messages: [
      { role: 'user', content: context },
      { role: 'assistant', content: routeErrors(findings) },
    ],
  });
  return { raw, findings };
}
