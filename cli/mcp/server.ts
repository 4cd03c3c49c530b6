/**
 * `groundcheck mcp`'s server: the official MCP SDK's server with groundcheck's
 * tools, over standard input and output. Standard output carries only the
 * protocol; anything for a person goes to standard error.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { version } from '../../package.json';
import { registerGroundingTools, type ToolSetup } from './groundingTools';

export function groundcheckServer(setup: ToolSetup): McpServer {
  const server = new McpServer(
    { name: 'groundcheck', version },
    {
      instructions:
        'groundcheck checks which specific values in an answer its sources never gave it. Call check_grounding with an answer and the passages it was written from, or check_session with a session file to check its last turn. Findings name the value, what the context says instead, and where.',
    },
  );
  registerGroundingTools(server, setup);
  return server;
}

export async function serveStdio(setup: ToolSetup): Promise<void> {
  await groundcheckServer(setup).connect(new StdioServerTransport());
}
