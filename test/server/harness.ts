/**
 * Drives the bundled language server over stdio the way an editor does, for
 * protocol tests and the benchmark. Waits on `groundcheck/documentChecked`
 * for a (uri, version) instead of sleeping.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol/node';
import { DocumentCheckedNotification, type FileStatus } from '../../shared/protocol/messages';

const ROOT = path.resolve(__dirname, '../..');

/** Bundles server, worker and CLI once per process into a temporary directory; answers the server's path. */
let built: Promise<string> | undefined;
export function buildServer(): Promise<string> {
  built ??= (async () => {
    const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-server-'));
    await esbuild.build({
      entryPoints: {
        server: path.join(ROOT, 'server/src/main.ts'),
        worker: path.join(ROOT, 'server/src/worker.ts'),
        cli: path.join(ROOT, 'cli/main.ts'),
      },
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      // jsonc-parser's "main" is a UMD build whose dynamic requires esbuild cannot follow.
      mainFields: ['module', 'main'],
      outdir,
      logLevel: 'warning',
    });
    return path.join(outdir, 'server.js');
  })();
  return built;
}

export class ServerHarness {
  readonly diagnostics = new Map<string, PublishDiagnosticsParams>();
  /** Every publication, in the order they came. */
  readonly publications: PublishDiagnosticsParams[] = [];
  /** What `workspace/configuration` answers for section `groundcheck`. */
  settings: Record<string, unknown> = {};
  private readonly statuses = new Map<string, FileStatus>();
  private readonly waiters: { key: string; resolve: (s: FileStatus) => void }[] = [];
  private readonly diagnosticWaiters: { uri: string; resolve: (p: PublishDiagnosticsParams) => void }[] = [];

  private constructor(
    readonly connection: ProtocolConnection,
    private readonly proc: ChildProcess,
    readonly workspace: string,
    /** The copy of the bundles `bundle` reworked, removed with the workspace. */
    private readonly bundleCopy?: string,
  ) {
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.diagnostics.set(p.uri, p);
      this.publications.push(p);
      for (let i = this.diagnosticWaiters.length - 1; i >= 0; i--) {
        if (this.diagnosticWaiters[i].uri === p.uri) this.diagnosticWaiters.splice(i, 1)[0].resolve(p);
      }
    });
    connection.onNotification(DocumentCheckedNotification.method, (s: FileStatus) => {
      const key = `${s.uri}#${s.version}`;
      this.statuses.set(key, s);
      for (let i = this.waiters.length - 1; i >= 0; i--) {
        if (this.waiters[i].key === key) this.waiters.splice(i, 1)[0].resolve(s);
      }
    });
    // Verdicts are pinned to the plain SHOR rules unless a test asks for another profile,
    // so these tests follow the server's behaviour, not the classifier's refinements.
    connection.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
      p.items.map((i) => (i.section === 'groundcheck' ? { profile: 'spec', ...this.settings } : null)),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onNotification('window/logMessage', (m: { message: string }) => this.logs.push(m.message));
  }

  /** What the server logged (`window/logMessage`), in order. */
  readonly logs: string[] = [];

  /**
   * Starts `dist/server.js --stdio`, or with `viaCli` the CLI's `groundcheck lsp --stdio`.
   * `runtimeArgs(bundleDir, workspace)` gives Node options to start it with;
   * `bundle(dir)` may rework a copy of the bundles before it starts;
   * `workspaceCapabilities` adds to what the client says it supports.
   */
  static async start(
    settings: Record<string, unknown> = {},
    options: {
      viaCli?: boolean;
      runtimeArgs?: (bundleDir: string, workspace: string) => Promise<string[]>;
      bundle?: (dir: string) => void;
      env?: Record<string, string>;
      workspaceCapabilities?: Record<string, unknown>;
    } = {},
  ): Promise<ServerHarness> {
    let script = await buildServer();
    let bundleCopy: string | undefined;
    if (options.bundle) {
      bundleCopy = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-bundle-'));
      fs.cpSync(path.dirname(script), bundleCopy, { recursive: true });
      options.bundle(bundleCopy);
      script = path.join(bundleCopy, 'server.js');
    }
    const workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'groundcheck-ws-'));
    const execArgv = options.runtimeArgs ? await options.runtimeArgs(path.dirname(script), workspace) : [];
    const args = options.viaCli ? [path.join(path.dirname(script), 'cli.js'), 'lsp', '--stdio'] : [script, '--stdio'];
    const proc = spawn(process.execPath, [...execArgv, ...args], { stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, ...options.env } });
    const connection = createProtocolConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const h = new ServerHarness(connection, proc, workspace, bundleCopy);
    h.settings = settings;
    connection.listen();
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: pathToFileURL(workspace).toString(),
      workspaceFolders: [{ uri: pathToFileURL(workspace).toString(), name: 'ws' }],
      capabilities: { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true }, ...options.workspaceCapabilities } },
    });
    await connection.sendNotification('initialized', {});
    return h;
  }

  /** The server's process id. */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  uriOf(name: string): string {
    return pathToFileURL(path.join(this.workspace, name)).toString();
  }

  /** Resolves when the server reports `uri` at `version` checked. */
  checked(uri: string, version: number): Promise<FileStatus> {
    const key = `${uri}#${version}`;
    const done = this.statuses.get(key);
    if (done) return Promise.resolve(done);
    return new Promise((resolve) => this.waiters.push({ key, resolve }));
  }

  /** Resolves on the next check of `uri` at `version` reported from now on (a re-check of the same version). */
  nextChecked(uri: string, version: number): Promise<FileStatus> {
    return new Promise((resolve) => this.waiters.push({ key: `${uri}#${version}`, resolve }));
  }

  /** Resolves on the next diagnostics published for `uri` from now on. */
  nextDiagnostics(uri: string): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve) => this.diagnosticWaiters.push({ uri, resolve }));
  }

  /** Changes the settings the client reports and tells the server so. */
  async configure(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    await this.connection.sendNotification('workspace/didChangeConfiguration', { settings: null });
  }

  async open(uri: string, text: string, languageId = 'jsonl', version = 1): Promise<FileStatus> {
    const done = this.checked(uri, version);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    return done;
  }

  async change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): Promise<FileStatus> {
    const done = this.checked(uri, version);
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
    return done;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      // Already gone.
    }
    this.connection.dispose();
    this.proc.kill();
    fs.rmSync(this.workspace, { recursive: true, force: true });
    if (this.bundleCopy) fs.rmSync(this.bundleCopy, { recursive: true, force: true });
  }
}
