/**
 * The hook's side of `--warm`: asks the process that keeps sessions
 * indexed between stops (warmServer.ts) for the turn's findings, waiting
 * for the session file to hold the turn's last answer as a check of its
 * own would. When no such process answers, this stop is checked here and
 * one is started for the next stops; when it fails or takes too long, this
 * stop is checked here too. Either way the findings are the ones a check
 * in this process gives.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { type SessionWait, type TurnFindings, turnFindings, UncheckableSession } from './turnFindings';
import type { WarmReply, WarmRequest } from './warmServer';

const POLL_MS = 100;
/** Longer than any stop the server answers, short enough that a hung server costs a stop little. */
const REPLY_MS = 20_000;
/** Unix socket paths are limited to about a hundred bytes. */
const MAX_SOCKET_PATH = 100;

/**
 * Where the server of this build of groundcheck listens, for this user: a
 * socket in the user's cache folder (a named pipe on Windows), named after
 * the CLI bundle and its time, so a server of an older build is never asked.
 * Undefined when the cache folder's path is too long for a socket.
 */
export function warmSocket(cacheFolder: string, cli = process.argv[1] ?? ''): string | undefined {
  let built = '';
  try {
    built = String(statSync(cli).mtimeMs);
  } catch {
    // No bundle to date: the path alone names the build.
  }
  const name = createHash('sha256').update(`${process.execPath}\u0000${cli}\u0000${built}`).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\groundcheck-${createHash('sha256').update(cacheFolder).digest('hex').slice(0, 12)}-${name}`;
  const path = join(cacheFolder, `${name}.sock`);
  return path.length <= MAX_SOCKET_PATH ? path : undefined;
}

export async function warmTurnFindings(socket: string, request: Omit<WarmRequest, 'lastMessage' | 'path'>, wait: SessionWait): Promise<TurnFindings> {
  const deadline = Date.now() + wait.waitMs;
  const full: WarmRequest = { ...request, path: resolve(request.sessionPath), ...(wait.lastMessage !== undefined ? { lastMessage: wait.lastMessage } : {}) };
  const here = () => turnFindings(request.sessionPath, request.subAgent, request.setup, wait);
  for (;;) {
    const reply = await askWarm(socket, full);
    if (reply === 'absent') {
      startServer(socket, full);
      return here();
    }
    if (reply === 'failed' || 'error' in reply) return here();
    if ('findings' in reply) return reply.findings;
    if ('uncheckable' in reply) throw new UncheckableSession(reply.uncheckable);
    if (Date.now() >= deadline) throw new UncheckableSession(`${reply.notYet}${wait.waitMs > 0 ? ` after ${wait.waitMs} ms` : ''}`);
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

/** The server's reply; `absent` when nothing listens, `failed` when the exchange broke off. */
export function askWarm(socket: string, request: WarmRequest): Promise<WarmReply | 'absent' | 'failed'> {
  return new Promise((done) => {
    const conn = createConnection(socket);
    const chunks: Buffer[] = [];
    let connected = false;
    const timer = setTimeout(() => {
      conn.destroy();
      done('failed');
    }, REPLY_MS);
    conn.on('connect', () => {
      connected = true;
      conn.end(JSON.stringify(request));
    });
    conn.on('data', (chunk: Buffer) => chunks.push(chunk));
    conn.on('error', () => {
      clearTimeout(timer);
      done(connected ? 'failed' : 'absent');
    });
    conn.on('end', () => {
      clearTimeout(timer);
      try {
        done(JSON.parse(Buffer.concat(chunks).toString('utf8')) as WarmReply);
      } catch {
        done('failed');
      }
    });
  });
}

/** Starts the server in the background, on its own: the hook does not wait for it, and it outlives the hook. It reads `first`'s session at once. */
function startServer(socket: string, first: WarmRequest): void {
  const cli = process.argv[1];
  if (!cli) return;
  try {
    spawn(process.execPath, [cli, 'hook', '--serve-warm', socket, '--serve-warm-first', JSON.stringify(first)], { detached: true, stdio: 'ignore' }).unref();
  } catch {
    // Without a server every stop is checked in the hook itself.
  }
}
