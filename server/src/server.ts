/**
 * The language server: wires LSP requests and notifications to the modules
 * that answer them. Holds no logic of its own beyond that wiring.
 */
import {
  CodeLensRefreshRequest,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  LSPErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
  type Connection,
  type DidChangeTextDocumentParams,
  type DidCloseTextDocumentParams,
  type DidOpenTextDocumentParams,
  type DidSaveTextDocumentParams,
  type InitializeResult,
  type WorkspaceFolder,
  type WorkspaceFoldersChangeEvent,
} from 'vscode-languageserver/node';
import { fileURLToPath } from 'node:url';
import { IGNORE_FILE } from '../../shared/check/ignores';
import { ClassifySelectionRequest, ConversationViewRequest, IgnoreCommand, RecheckRequest } from '../../shared/protocol/messages';
import { CheckScheduler, type CheckReason } from './checkScheduler';
import { CheckWorker, workerLimits } from './workerHandle';
import { codeActions } from './codeActions';
import { codeLenses } from './codeLens';
import { definition, references, type PlacesOf } from './definitions';
import { DocumentStates, type DocumentState } from './documentState';
import { hover } from './hover';
import { IgnoreFiles, IgnoreNotWritten } from './ignoreFile';
import { Publisher } from './publish';
import { classifySelectionParams, conversationViewParams, ignoreCommandArgs, invalidParams, recheckParams, requestByName } from './requestParams';
import { SettingsCache } from './settings';

export function startServer(connection: Connection, worker = new CheckWorker(undefined, workerLimits(process.env))): void {
  const documents = new DocumentStates();
  const ignores = new IgnoreFiles((m) => connection.console.warn(m));
  let pullConfiguration = false;
  let dynamicConfiguration = false;
  let dynamicWatch = false;
  let lensRefresh = false;
  let folderChanges = false;
  let folders: string[] = [];
  const setFolders = (uris: string[]) => {
    folders = uris;
    ignores.setWorkspaceFolders(uris);
    scheduler.setWorkspaceFolders(uris);
  };
  /** Whether `uri` is a file inside one of the workspace folders (ignore rules are written there only). */
  const inWorkspaceFolder = (uri: string): boolean => {
    if (!uri.startsWith('file:')) return false;
    try {
      return ignores.folderOf(fileURLToPath(uri)) !== undefined;
    } catch {
      return false; // Not a path on this machine (a file URI naming another host, say).
    }
  };

  const settings = new SettingsCache(connection, () => pullConfiguration);
  const publisher = new Publisher(connection, ignores, () => {
    // Lenses are computed from the latest check; ask the client to fetch them again.
    if (lensRefresh) void connection.sendRequest(CodeLensRefreshRequest.type);
  });
  const log = (m: string) => connection.console.error(m);
  const scheduler = new CheckScheduler(documents, settings, worker, publisher, log);
  const check = (state: DocumentState, reason: CheckReason) =>
    scheduler.request(state, reason).catch((err: unknown) => {
      log(`check of ${state.uri} failed: ${err instanceof Error ? err.stack : String(err)}`);
      publisher.failed(state, `the check failed: ${err instanceof Error ? err.message : String(err)}`);
    });

  /** Every open document checked again from scratch, as after a change of settings or folders. */
  const recheckAll = () => {
    for (const state of documents.all()) {
      state.published = undefined;
      void check(state, 'settings');
    }
  };

  connection.onInitialize((params): InitializeResult => {
    // The first document opened comes next: the worker that checks it loads meanwhile.
    worker.start();
    const caps = params.capabilities;
    pullConfiguration = caps.workspace?.configuration === true;
    dynamicConfiguration = caps.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    dynamicWatch = caps.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    lensRefresh = caps.workspace?.codeLens?.refreshSupport === true;
    folderChanges = caps.workspace?.workspaceFolders === true;
    setFolders(params.workspaceFolders?.map((f: WorkspaceFolder) => f.uri) ?? (params.rootUri ? [params.rootUri] : []));
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        codeLensProvider: { resolveProvider: false },
        codeActionProvider: { codeActionKinds: ['quickfix'] },
        executeCommandProvider: { commands: [IgnoreCommand.id] },
        ...(folderChanges ? { workspace: { workspaceFolders: { supported: true, changeNotifications: true } } } : {}),
      },
      serverInfo: { name: 'groundcheck' },
    };
  });

  connection.onInitialized(() => {
    if (folderChanges) {
      // Which files a promptfoo config may read, and which ignore store applies, follow the folders.
      connection.workspace.onDidChangeWorkspaceFolders(({ added, removed }: WorkspaceFoldersChangeEvent) => {
        const gone = new Set(removed.map((f: WorkspaceFolder) => f.uri));
        setFolders([...folders.filter((u) => !gone.has(u)), ...added.map((f: WorkspaceFolder) => f.uri)]);
        ignores.invalidate();
        recheckAll();
      });
    }
    if (dynamicConfiguration) void connection.client.register(DidChangeConfigurationNotification.type, undefined);
    // Ignore rules may be edited by hand or written by the CLI: hear about it.
    if (dynamicWatch) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: `**/${IGNORE_FILE}` }] });
    }
  });

  connection.onDidOpenTextDocument(({ textDocument: d }: DidOpenTextDocumentParams) => {
    void check(documents.open(d.uri, d.languageId, d.version, d.text), 'open');
  });
  connection.onDidChangeTextDocument(({ textDocument, contentChanges }: DidChangeTextDocumentParams) => {
    const state = documents.get(textDocument.uri);
    if (!state) return;
    state.applyChanges(contentChanges, textDocument.version);
    void check(state, 'change');
  });
  connection.onDidSaveTextDocument(({ textDocument }: DidSaveTextDocumentParams) => {
    const state = documents.get(textDocument.uri);
    // Saving an unchanged, already checked version needs no new check.
    if (state && !state.current()) void check(state, 'save');
  });
  connection.onDidCloseTextDocument(({ textDocument }: DidCloseTextDocumentParams) => {
    documents.close(textDocument.uri);
    settings.forget(textDocument.uri);
    void worker.run({ kind: 'forget', uri: textDocument.uri }).catch(() => undefined);
    void connection.sendDiagnostics({ uri: textDocument.uri, diagnostics: [] });
  });

  connection.onDidChangeConfiguration(() => {
    settings.clear();
    recheckAll();
  });
  connection.onDidChangeWatchedFiles(() => {
    // The ignore store may have been edited by hand or by the CLI.
    ignores.invalidate();
    for (const state of documents.all()) publisher.republish(state);
  });

  // Where the context has an entity is read by the worker, which kept the check, when a hover or a jump asks.
  const placesOf =
    (uri: string): PlacesOf =>
    async (hit, version, all) => {
      const job = { kind: 'places' as const, uri, version, segment: hit.output.segment, entity: hit.output.entities.indexOf(hit.entity) };
      const reply = await worker.query(all ? { ...job, all: true } : job).catch(() => undefined);
      return reply?.ok && 'places' in reply ? reply.places : undefined;
    };
  connection.onHover(({ textDocument, position }) => {
    const state = documents.get(textDocument.uri);
    return state ? hover(state, position, placesOf(textDocument.uri)) : null;
  });
  connection.onDefinition(({ textDocument, position }) => {
    const state = documents.get(textDocument.uri);
    return state ? definition(state, position, placesOf(textDocument.uri)) : [];
  });
  connection.onReferences(({ textDocument, position, context }) => {
    const state = documents.get(textDocument.uri);
    return state ? references(state, position, context.includeDeclaration, placesOf(textDocument.uri)) : [];
  });
  connection.onCodeLens(({ textDocument }) => {
    const state = documents.get(textDocument.uri);
    return state ? codeLenses(state) : [];
  });
  connection.onCodeAction((params) => {
    const state = documents.get(params.textDocument.uri);
    return state ? codeActions(state, params, inWorkspaceFolder(state.uri)) : [];
  });

  connection.onExecuteCommand(({ command, arguments: args }) => {
    if (command !== IgnoreCommand.id) throw invalidParams(`unknown command ${JSON.stringify(command)}`);
    const { uri, rule } = ignoreCommandArgs(args);
    if (!inWorkspaceFolder(uri)) throw invalidParams('ignore: "uri" must name a file in a workspace folder');
    try {
      ignores.add(uri, rule);
    } catch (err) {
      // Why nothing was written, naming the file and the place to fix: the editor shows a failed command's message.
      if (err instanceof IgnoreNotWritten) throw new ResponseError(LSPErrorCodes.RequestFailed, err.message);
      throw err;
    }
    for (const state of documents.all()) publisher.republish(state);
    return null;
  });

  connection.onRequest(
    requestByName<ClassifySelectionRequest.Params, ClassifySelectionRequest.Result>(ClassifySelectionRequest.method),
    async (raw: unknown) => {
      const params = classifySelectionParams(raw);
      const uri = params.uri;
      const s = await settings.get(uri ?? '');
      const reply = await worker.run({ kind: 'selection', uri, offset: params.offset, settings: s, params });
      if (reply.ok && 'selection' in reply) return reply.selection;
      throw new Error(!reply.ok && 'error' in reply ? reply.error : 'classification failed');
    },
  );

  connection.onRequest(requestByName<ConversationViewRequest.Params, ConversationViewRequest.Result>(ConversationViewRequest.method), async (raw: unknown) => {
    const { uri, from = 0, chars = VIEW_PAGE_CHARS, version } = conversationViewParams(raw);
    const state = documents.get(uri);
    if (!state) return { version: -1, unavailable: 'the file is not open' };
    const published = state.mirror?.analysis;
    if (published && published.state !== 'checked') return { version: state.doc.version, unavailable: published.reasons[0] ?? 'not checked' };
    const s = await settings.get(uri);
    const ignoring = { store: ignores.storeFor(uri), severity: s.severity, minEntities: s.minEntities };
    const reply = await worker.run({ kind: 'view', uri, file: displayName(uri), from, chars, ignoring, ...(version !== undefined ? { version } : {}) });
    if (reply.ok && 'view' in reply) return { version: reply.version, ...reply.view };
    return { version: state.doc.version, unavailable: !reply.ok && 'error' in reply ? reply.error.split('\n')[0] : 'not checked yet' };
  });

  connection.onRequest(requestByName<RecheckRequest.Params, void>(RecheckRequest.method), async (raw: unknown) => {
    const { uri } = recheckParams(raw);
    const state = documents.get(uri);
    if (!state) return;
    settings.forget(uri);
    state.published = undefined;
    await check(state, 'recheck');
  });

  connection.onShutdown(() => worker.dispose());
  connection.listen();
}

/** The view's pieces, by default: what a page shows at once, however long the session. */
const VIEW_PAGE_CHARS = 256 * 1024;

/** The file's name as the view heads it. */
function displayName(uri: string): string {
  const path = decodeURIComponent(uri.replace(/[?#].*$/, ''));
  return path.slice(path.lastIndexOf('/') + 1) || uri;
}
