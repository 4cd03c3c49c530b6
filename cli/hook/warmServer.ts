/**
 * The process `groundcheck hook --warm` keeps between stops: it holds the
 * sessions it checked parsed and indexed (heldSessions.ts), so the next stop
 * on a long session costs what the lines added since cost, not a read of
 * the whole file; while the agent works, it reads those lines as they come
 * and checks the turn's outputs, so a stop has only the last lines left. Each hook run asks it over a socket only the user can
 * open, one request per connection, and it answers as the hook would have
 * answered itself. It goes away after IDLE_MS without a request, or as soon
 * as its socket file is gone.
 */
import { existsSync, mkdirSync, unlinkSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { dirname, isAbsolute } from 'node:path';
import { HeldSessions, type LoadKind } from './heldSessions';
import { findingsOf, readTurn, type TurnFindings, UncheckableSession } from './turnFindings';
import type { FileCheckSetup } from '../check/fileCheckSetup';

export const IDLE_MS = 15 * 60 * 1000;
const WATCH_MS = 2000;
/** How often the kept sessions are read ahead of the next stop (heldSessions.ts): the agent writes a line every second or so. */
export const READ_AHEAD_MS = 1000;
/** A request is a small JSON object; anything longer is not one. */
export const MAX_REQUEST_BYTES = 1024 * 1024;

export interface WarmRequest {
  /** As the event named it, for messages. */
  sessionPath: string;
  /** The same, absolute: the server runs in another folder. */
  path: string;
  subAgent: boolean;
  setup: Omit<FileCheckSetup, 'ledger' | 'conversation'>;
  lastMessage?: string;
}

/** `read`: whether the session was read whole or only its new lines (heldSessions.ts). */
export type WarmReply = { findings: TurnFindings; read?: LoadKind } | { notYet: string } | { uncheckable: string } | { error: string };

/** What the held sessions say about one stop. */
export function answer(held: HeldSessions, request: WarmRequest): WarmReply {
  try {
    const session = held.load(request.sessionPath, request.path, request.setup.settings);
    const read = readTurn(request.sessionPath, session, request.subAgent, request.lastMessage);
    if ('notYet' in read) return read;
    return { findings: findingsOf(read, request.setup), ...(held.lastLoad ? { read: held.lastLoad } : {}) };
  } catch (err) {
    if (err instanceof UncheckableSession) return { uncheckable: err.message };
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Serves on `socket` until idle; resolves when the server has closed.
 * `first`: the stop that started the server, read at once so the next stop
 * finds its session kept.
 */
export async function serveWarm(socket: string, idleMs = IDLE_MS, first?: string): Promise<void> {
  if (!socket.startsWith('\\\\')) mkdirSync(dirname(socket), { recursive: true, mode: 0o700 });
  const held = new HeldSessions();
  const server = createServer({ allowHalfOpen: true }, (conn) => handle(conn, held, () => restartIdle()));
  let idle: NodeJS.Timeout | undefined;
  const close = () => {
    clearInterval(watch);
    clearInterval(ahead);
    if (idle) clearTimeout(idle);
    server.close();
  };
  const restartIdle = () => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(close, idleMs);
  };
  // Removing the socket file (or the cache folder) ends the server: nobody can reach it any more.
  const watch = setInterval(() => {
    if (!socket.startsWith('\\\\') && !existsSync(socket)) close();
  }, WATCH_MS);
  const ahead = setInterval(() => held.readAhead(), READ_AHEAD_MS);
  if (!(await listen(server, socket))) {
    clearInterval(watch);
    clearInterval(ahead);
    return;
  }
  restartIdle();
  const closed = new Promise<void>((done) => server.on('close', done));
  if (first !== undefined) {
    try {
      answer(held, parseRequest(first));
    } catch {
      // The stop that started the server was answered by the hook itself.
    }
  }
  await closed;
  if (!socket.startsWith('\\\\')) {
    try {
      unlinkSync(socket);
    } catch {
      // Gone already.
    }
  }
}

/** Listens on `socket`; false when another server answers there already. A socket file no server answers on is taken over. */
async function listen(server: Server, socket: string): Promise<boolean> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const error = await new Promise<NodeJS.ErrnoException | undefined>((done) => {
      server.once('error', done);
      server.listen(socket, () => done(undefined));
    });
    if (!error) return true;
    if (error.code !== 'EADDRINUSE' || (await answers(socket))) return false;
    try {
      unlinkSync(socket);
    } catch {
      return false;
    }
  }
  return false;
}

function answers(socket: string): Promise<boolean> {
  return new Promise((done) => {
    const probe = createConnection(socket);
    probe.once('connect', () => {
      probe.destroy();
      done(true);
    });
    probe.once('error', () => done(false));
  });
}

function handle(conn: Socket, held: HeldSessions, touched: () => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  conn.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) conn.destroy();
    else chunks.push(chunk);
  });
  conn.on('error', () => conn.destroy());
  conn.on('end', () => {
    touched();
    let reply: WarmReply;
    try {
      reply = answer(held, parseRequest(Buffer.concat(chunks).toString('utf8')));
    } catch (err) {
      reply = { error: err instanceof Error ? err.message : String(err) };
    }
    conn.end(`${JSON.stringify(reply)}\n`);
    // What the stop left for later is done once it is answered.
    setImmediate(() => {
      try {
        held.settle();
      } catch {
        // A failed rebuild costs the next stop a little time, nothing more: lookups ask the indexes as they are.
      }
    });
  });
}

function parseRequest(text: string): WarmRequest {
  const v = JSON.parse(text) as Partial<WarmRequest>;
  if (
    typeof v !== 'object' ||
    v === null ||
    typeof v.sessionPath !== 'string' ||
    typeof v.path !== 'string' ||
    !isAbsolute(v.path) ||
    typeof v.subAgent !== 'boolean' ||
    typeof v.setup?.settings !== 'object'
  ) {
    throw new Error('not a request: sessionPath, an absolute path, subAgent and setup are needed');
  }
  return v as WarmRequest;
}
