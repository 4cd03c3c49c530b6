/**
 * A small Claude Code session for protocol tests: a tool result says Q3
 * revenue was $4.3M; the final answer claims $4.2M (unverified, closest
 * $4.3M), "47 customers" (grounded) and a quote with JSON escapes.
 */
export const SESSION =
  [
    '{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","message":{"role":"user","content":"What was Q3 revenue for Acme? Check report.txt"}}',
    '{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","message":{"id":"msg_1","role":"assistant","content":[{"type":"tool_use","id":"toolu_1","name":"Bash","input":{"command":"cat report.txt"}}]}}',
    '{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_1","content":"Q3 revenue: $4.3M from 47 customers.\\nCosts: $1.1M"}]}}',
    '{"type":"assistant","uuid":"a2","parentUuid":"u2","sessionId":"s","message":{"id":"msg_2","role":"assistant","content":[{"type":"text","text":"Q3 revenue was $4.2M from 47 customers, per the \\"quarterly\\\\nreport\\"."}]}}',
  ].join('\n') + '\n';

/** Line (0-based) of the final assistant answer. */
export const ANSWER_LINE = 3;
