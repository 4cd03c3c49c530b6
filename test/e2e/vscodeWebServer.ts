/**
 * Starts the VS Code server that ships inside the code-server npm package
 * (a real VS Code 1.100.3) on a free local port, with its own throw-away data
 * directories, and follows its log so callers can wait for lines such as
 * "Extension Host Process exited with code: N".
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { VSCODE_WEB_DIR, VSCODE_WEB_INSTALLER } from './harnessPaths';

export interface VSCodeWebServer {
  port: number;
  /** URL that opens `folder`, with a development extension and a test entry when given. */
  workbenchUrl(folder: string, extensionPath?: string, testsPath?: string): string;
  /** Resolves with the first match of `pattern` in the server log, or rejects after `timeoutMs`. */
  waitForLog(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
  log(): string;
  stop(): Promise<void>;
}

function serverMain(): string {
  const main = path.join(VSCODE_WEB_DIR, 'node_modules/code-server/lib/vscode/out/server-main.js');
  // A fresh machine gets VS Code on the first run, so `npm test` alone runs every test.
  if (!fs.existsSync(main) && fs.existsSync(VSCODE_WEB_INSTALLER)) {
    console.log(`Installing VS Code for the web into ${VSCODE_WEB_DIR} (first run only)…`);
    execFileSync('bash', [VSCODE_WEB_INSTALLER], { stdio: 'inherit', env: { ...process.env, VSCODE_WEB_DIR } });
  }
  if (!fs.existsSync(main)) {
    throw new Error(
      `VS Code for the web is not installed in ${VSCODE_WEB_DIR}.\n` +
        `Install it first: bash ${VSCODE_WEB_INSTALLER} (or set VSCODE_WEB_DIR to an existing install).`,
    );
  }
  return main;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** Extra environment for the server and its extension host. */
  env?: NodeJS.ProcessEnv;
  /** .vsix files to install before starting, as a user would. */
  install?: string[];
}

export async function startVSCodeWebServer({ env = {}, install = [] }: ServerOptions = {}): Promise<VSCodeWebServer> {
  const main = serverMain();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-vscode-'));
  for (const vsix of install) {
    execFileSync(
      process.execPath,
      [
        main,
        '--server-data-dir',
        path.join(dataDir, 'server'),
        '--extensions-dir',
        path.join(dataDir, 'extensions'),
        '--install-extension',
        path.resolve(vsix),
      ],
      { stdio: 'inherit' },
    );
  }
  // biome-ignore format: a list of words or values reads best packed
  const child: ChildProcess = spawn(
    process.execPath,
    [
      main,
      '--host', '127.0.0.1',
      '--port', String(port),
      '--without-connection-token',
      '--accept-server-license-terms',
      '--disable-workspace-trust',
      '--disable-telemetry',
      '--server-data-dir', path.join(dataDir, 'server'),
      '--user-data-dir', path.join(dataDir, 'user'),
      '--extensions-dir', path.join(dataDir, 'extensions'),
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );

  let log = '';
  const watchers = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    log += chunk.toString();
    for (const w of [...watchers]) w();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const waitForLog = (pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const match = log.match(pattern);
        if (!match) return;
        cleanup();
        resolve(match);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`VS Code server log did not show ${pattern} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        watchers.delete(check);
      };
      watchers.add(check);
      check();
    });

  const server: VSCodeWebServer = {
    port,
    workbenchUrl(folder, extensionPath, testsPath) {
      const remote = (p: string) => `vscode-remote://127.0.0.1:${port}${p}`;
      const payload: [string, string][] = [];
      if (extensionPath) payload.push(['extensionDevelopmentPath', remote(extensionPath)]);
      if (testsPath) payload.push(['extensionTestsPath', remote(testsPath)]);
      const query = payload.length ? `&payload=${encodeURIComponent(JSON.stringify(payload))}` : '';
      return `http://127.0.0.1:${port}/?folder=${encodeURIComponent(folder)}${query}`;
    },
    waitForLog,
    log: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };

  try {
    await waitForLog(/Extension host agent listening on \d+/, 60_000);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n${log}`);
  }
  return server;
}
