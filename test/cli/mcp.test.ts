/**
 * `groundcheck mcp` driven as an agent's client drives it: the MCP SDK's own
 * Client over a stdio transport that spawns the CLI. Lists the tools, calls
 * both, and sends the bad input an agent may send: each is a tool error that
 * says what was wrong, and the server goes on answering.
 */
import { strict as assert } from 'node:assert';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { claudeSession } from '../lib/sessions';
import { buildCli } from './harness';

interface Server {
  client: Client;
  stderr: () => string;
}

async function startServer(cli: string, cwd: string, ...flags: string[]): Promise<Server> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', ...flags], cwd, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: 'groundcheck-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

async function call(server: Server, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await server.client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe('groundcheck mcp', function () {
  this.timeout(60_000);
  let cli: string;
  let dir: string;
  let outside: string;
  let server: Server;

  before(async () => {
    cli = await buildCli();
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'groundcheck-mcp-')));
    mkdirSync(join(dir, 'project'));
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'project', 'session.jsonl'), claudeSession());
    outside = join(dir, 'elsewhere', 'session.jsonl');
    writeFileSync(outside, claudeSession('All 12 tests pass.'));
    symlinkSync(outside, join(dir, 'project', 'link.jsonl'));
    server = await startServer(cli, join(dir, 'project'));
  });

  after(async () => {
    await server?.client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists its two tools with their input schemas', async () => {
    const { tools } = await server.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), ['check_grounding', 'check_session']);
    const grounding = tools.find((t) => t.name === 'check_grounding')!;
    assert.deepEqual(grounding.inputSchema.required?.slice().sort(), ['context', 'output']);
    const session = tools.find((t) => t.name === 'check_session')!;
    assert.deepEqual(session.inputSchema.required, ['path']);
    assert.ok(session.inputSchema.properties?.turn);
  });

  it('check_grounding: level, score, and each finding with its span and its evidence', async () => {
    const output = 'Revenue was $4.2M in Q3. The refund of $25.00 went out.';
    const result = await call(server, 'check_grounding', {
      output,
      context: [{ id: 'filing', text: 'Q3 filing: revenue was $4.3M.' }, 'The refund of $20.00 went out on Monday.'],
    });
    assert.equal(result.isError, undefined);
    const answer = result.structuredContent as {
      level: string;
      findings: Array<{
        value: string;
        verdict: string;
        span: { start: number; end: number };
        evidence: Array<{ passage: number; id?: string; text: string }>;
      }>;
    };
    assert.equal(answer.level, 'PARTIAL');
    assert.deepEqual(
      answer.findings.map((f) => [f.value, f.verdict, output.slice(f.span.start, f.span.end), f.evidence.map((e) => [e.passage, e.id, e.text])]),
      [
        ['$4.2M', 'contradicted', '$4.2M', [[0, 'filing', '$4.3M']]],
        ['$25.00', 'contradicted', '$25.00', [[1, undefined, '$20.00']]],
      ],
    );
    assert.match(text(result), /number '\$4\.2M' contradicts the context, which says '\$4\.3M' \(evidence: '\$4\.3M' in passage 'filing'/);
    // The JSON block is the structured answer, for clients that read only text.
    assert.deepEqual(JSON.parse((result.content[1] as { text: string }).text), answer);
  });

  it('check_session: the last turn, with raw-file places and the tool result that is the evidence', async () => {
    const result = await call(server, 'check_session', { path: 'session.jsonl' });
    assert.equal(result.isError, undefined, text(result));
    const answer = result.structuredContent as {
      turn: number;
      turns: number;
      outputs: Array<{
        line: number;
        findings: Array<{
          value: string;
          verdict: string;
          rule: string;
          span: { start: number; end: number; line: number };
          evidence: Array<{ label: string; line: number }>;
        }>;
      }>;
    };
    assert.deepEqual([answer.turn, answer.turns, answer.outputs.length], [2, 2, 1]);
    const [finding] = answer.outputs[0].findings;
    const raw = readFileSync(join(dir, 'project', 'session.jsonl'), 'utf8');
    assert.deepEqual(
      [finding.value, finding.verdict, finding.rule, raw.slice(finding.span.start, finding.span.end), finding.span.line],
      ['31 tests', 'contradicted', 'test-counts', '31 tests', 6],
    );
    assert.deepEqual([finding.evidence[0].label, finding.evidence[0].line], ['tool result (Bash)', 3]);
    assert.match(text(result), /^turn 2 of 2 in session\.jsonl \(claude-code\): 1 output, 1 finding\n- line 6: number '31 tests' contradicts the context/);
  });

  it('check_session: the packs of rules a call asks for (without the code pack, no test count is judged)', async () => {
    const result = await call(server, 'check_session', { path: 'session.jsonl', packs: ['prose', 'records'] });
    assert.equal(result.isError, undefined, text(result));
    assert.equal((result.structuredContent as { findingCount: number }).findingCount, 0);
  });

  it('check_session: a turn by its number', async () => {
    const result = await call(server, 'check_session', { path: join(dir, 'project', 'session.jsonl'), turn: 1 });
    const answer = result.structuredContent as { turn: number; findingCount: number; outputs: Array<{ level: string }> };
    assert.deepEqual([answer.turn, answer.findingCount, answer.outputs.map((o) => o.level)], [1, 0, ['GROUNDED']]);
  });

  it('answers bad input with tool errors that say what was wrong, and keeps serving', async () => {
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['check_grounding', { context: 'x' }, /Input validation error: .*output/s],
      ['check_grounding', { output: 'x', context: [{ txt: 'y' }] }, /Input validation error/],
      ['check_grounding', { output: 'x', context: 'y', rules: { 'no-such-rule': 'off' } }, /unknown rule 'no-such-rule'/],
      ['check_session', { path: outside }, /is outside the folders this server may read \(.*project\); start the server with --root/],
      ['check_session', { path: '../elsewhere/session.jsonl' }, /is outside the folders this server may read/],
      ['check_session', { path: 'link.jsonl' }, /^link\.jsonl is outside the folders this server may read/],
      ['check_session', { path: 'missing.jsonl' }, /cannot read missing\.jsonl: no such file/],
      ['check_session', { path: 'session.jsonl', turn: 9 }, /turn must be 'last' or a whole number from 0 to 2/],
      ['check_session', { path: 'session.jsonl', turn: -1 }, /Input validation error/],
      ['check_session', { path: 'session.jsonl', format: 'nope' }, /unknown format 'nope'/],
    ];
    for (const [tool, args, expected] of cases) {
      const result = await call(server, tool, args);
      assert.equal(result.isError, true, `${tool} ${JSON.stringify(args)}`);
      assert.match(text(result), expected);
    }
    writeFileSync(join(dir, 'project', 'notes.txt'), 'Plain notes, no session.\n');
    const notes = await call(server, 'check_session', { path: 'notes.txt' });
    assert.equal(notes.isError, true);
    assert.match(text(notes), /^notes\.txt: /);
    assert.equal((await call(server, 'check_session', { path: 'session.jsonl' })).isError, undefined);
    assert.equal(server.stderr(), '');
  });

  it('reads a session in a --root folder, and keeps the project config limits', async () => {
    writeFileSync(join(dir, 'elsewhere', 'groundcheck.config.json'), '{ "maxFileSizeMB": 0.0001 }');
    const rooted = await startServer(cli, join(dir, 'project'), '--root', '../elsewhere');
    const small = await startServer(cli, join(dir, 'elsewhere'));
    try {
      const result = await call(rooted, 'check_session', { path: outside });
      assert.equal(result.isError, undefined, text(result));
      assert.equal((result.structuredContent as { findingCount: number }).findingCount, 0);
      const big = await call(small, 'check_session', { path: 'session.jsonl' });
      assert.equal(big.isError, true);
      assert.match(text(big), /over maxFileSizeMB \(0\.0001\)/);
      const long = await call(small, 'check_grounding', { output: 'x'.repeat(200), context: 'y' });
      assert.equal(long.isError, true);
      assert.match(text(long), /over maxFileSizeMB/);
    } finally {
      await rooted.client.close();
      await small.client.close();
    }
  });
});
