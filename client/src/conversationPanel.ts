/**
 * "groundcheck: Open as Conversation": a read-only webview beside a
 * transcript that draws it as the conversation it is, findings marked at
 * their characters (the HTML report's renderer, run by the server over its
 * last check). Clicking or pressing Enter on a mark selects its exact raw
 * characters in the file, and clicking a long turn's cut note selects the
 * whole turn there; moving the cursor in the file scrolls the view to that
 * turn; every re-check of the file redraws it.
 *
 * A webview rather than a virtual Markdown document: marks need colours per
 * verdict, tooltips and clicks that map to raw offsets, which Markdown
 * preview cannot carry. The page allows no network and no resource: one
 * stylesheet and one script, both by nonce.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ConversationViewRequest } from '../../shared/protocol/messages';
import { escapeHtml } from '../../shared/report/escapeHtml';
import { REPORT_CSS } from '../../shared/report/reportStyle';
import type { FileStatusStore } from './fileStatusStore';

/**
 * What the page sends: select these raw offsets in the file; or draw more
 * turns (it scrolled near the end of what it has, or the file's cursor is
 * in a turn it has not drawn yet, at `offset`).
 */
type PageMessage = { type: 'reveal'; raw: [number, number] } | { type: 'more'; offset?: number };

/** The view of one document: its panel, and what it shows now. */
export class ConversationPanel implements vscode.Disposable {
  /** The page as first drawn (the first turns; the rest follow as the page asks). */
  html = '';
  /** The version drawn, the next turn to ask the server for, how many there are, and where each starts in the raw file. */
  private version = -1;
  private next = 0;
  private total = 0;
  private starts: number[] = [];
  /** Pieces are asked for one at a time. */
  private fetching: Promise<void> = Promise.resolve();
  /** Resolves when the view shows the file's latest check. */
  private drawn: Promise<void> = Promise.resolve();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    readonly uri: vscode.Uri,
    readonly panel: vscode.WebviewPanel,
    private readonly client: LanguageClient,
    private readonly onClosed: () => void,
  ) {
    this.disposables.push(
      panel.webview.onDidReceiveMessage((m: PageMessage) => {
        if (m?.type === 'reveal' && Array.isArray(m.raw)) void this.reveal(m.raw);
        else if (m?.type === 'more') this.fetching = this.fetching.then(() => this.more(m.offset)).catch(() => undefined);
      }),
      panel.onDidDispose(() => this.dispose()),
    );
  }

  /** Draws the file's latest check; a later call waits for the one before. */
  refresh(): Promise<void> {
    this.drawn = this.drawn.then(() => this.draw()).catch(() => undefined);
    return this.drawn;
  }

  /** Selects raw offsets `[start, end)` of the file in an editor, as a click on a mark does. */
  async reveal([start, end]: [number, number]): Promise<vscode.TextEditor> {
    const doc = await vscode.workspace.openTextDocument(this.uri);
    const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === this.uri.toString());
    const range = new vscode.Range(doc.positionAt(start), doc.positionAt(end));
    const editor = await vscode.window.showTextDocument(doc, { viewColumn: visible?.viewColumn ?? vscode.ViewColumn.One, selection: range });
    editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
    return editor;
  }

  /** Scrolls the view to the turn holding raw offset `offset`. */
  follow(offset: number): void {
    void this.panel.webview.postMessage({ type: 'follow', offset });
  }

  private request(params: Omit<ConversationViewRequest.Params, 'uri'>): Promise<ConversationViewRequest.Result> {
    return this.client.sendRequest(ConversationViewRequest.method, {
      uri: this.client.code2ProtocolConverter.asUri(this.uri),
      ...params,
    }) as Promise<ConversationViewRequest.Result>;
  }

  private async draw(): Promise<void> {
    const result = await this.request({ from: 0 });
    const name = this.uri.path.slice(this.uri.path.lastIndexOf('/') + 1);
    this.panel.title = `Conversation: ${name}`;
    let body: string;
    if ('head' in result) {
      this.version = result.version;
      this.next = result.turns.length;
      this.total = result.total;
      this.starts = result.starts;
      body =
        `<div class="bar" role="group" aria-label="Display"><label><input type="checkbox" id="sg"> show grounded entities</label>` +
        `<label><input type="checkbox" id="of"> only turns with findings</label></div>` +
        result.head +
        result.turns.join('') +
        `<div id="more" role="none"></div>` +
        result.tail;
    } else {
      this.version = result.version;
      this.next = this.total = 0;
      this.starts = [];
      body = `<p class="pr">${escapeHtml(result.unavailable)}</p>`;
    }
    this.html = page(body, this.total - this.next);
    this.panel.webview.html = this.html;
  }

  /**
   * Sends the page its next turns: one piece, or pieces until the turn
   * holding raw offset `offset`. A piece of an older check is dropped: the
   * redraw for the new one is on its way.
   */
  private async more(offset?: number): Promise<void> {
    let html = '';
    do {
      if (this.next >= this.total) break;
      const result = await this.request({ from: this.next, version: this.version });
      if (!('head' in result) || result.version !== this.version || result.from !== this.next) return;
      html += result.turns.join('');
      this.next += result.turns.length;
    } while (offset !== undefined && this.next < this.total && (this.starts[this.next] ?? -1) <= offset);
    void this.panel.webview.postMessage({ type: 'turns', html, left: this.total - this.next, offset });
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
    this.onClosed();
  }
}

/** One view per document, opened by the command and kept in step with checks and the cursor. */
export class ConversationPanels implements vscode.Disposable {
  private readonly panels = new Map<string, ConversationPanel>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(
    private readonly client: LanguageClient,
    store: FileStatusStore,
  ) {
    this.disposables.push(
      store.onDidChange((status) => void this.panels.get(status.uri)?.refresh()),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        const panel = this.panels.get(e.textEditor.document.uri.toString());
        if (panel && e.selections[0]) panel.follow(e.textEditor.document.offsetAt(e.selections[0].active));
      }),
    );
  }

  get(uri: vscode.Uri): ConversationPanel | undefined {
    return this.panels.get(uri.toString());
  }

  async open(uri: vscode.Uri): Promise<ConversationPanel> {
    const key = uri.toString();
    let view = this.panels.get(key);
    if (view) {
      view.panel.reveal(vscode.ViewColumn.Beside);
    } else {
      const panel = vscode.window.createWebviewPanel(
        'groundcheck.conversation',
        'Conversation',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        {
          enableScripts: true,
          enableFindWidget: true,
          retainContextWhenHidden: false,
          localResourceRoots: [],
        },
      );
      view = new ConversationPanel(uri, panel, this.client, () => this.panels.delete(key));
      this.panels.set(key, view);
    }
    await view.refresh();
    return view;
  }

  dispose(): void {
    for (const p of [...this.panels.values()]) p.panel.dispose();
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}

/** Theme colours over the report's own, and a focus ring high contrast can see. */
const WEBVIEW_CSS = `
body{max-width:none;background:var(--vscode-editor-background);color:var(--vscode-editor-foreground);font-family:var(--vscode-font-family);font-size:var(--vscode-font-size)}
.bar{background:var(--vscode-editor-background)}
.r-user{background:var(--vscode-textBlockQuote-background,var(--pn))}
body.vscode-light{--bg:#fff;--fg:#1f2328;--mu:#59636e;--bd:#d1d9e0;--pn:#f6f8fa;--u:#ffd8b5;--c:#ffc1c8;--a:#f3dcff;--i:#e4e7eb;--g:#c9f0d3;--ul:#bc4c00;--cl:#cf222e;--al:#8250df;--gl:#1a7f37}
body.vscode-dark{--bg:#0d1117;--fg:#e6edf3;--mu:#9198a1;--bd:#3d444d;--pn:#151b23;--u:#5a3210;--c:#67161e;--a:#3c1e70;--i:#2f353d;--g:#113d1f;--ul:#f0883e;--cl:#ff7b72;--al:#d2a8ff;--gl:#56d364}
body.vscode-high-contrast .m:not(.g),body.vscode-high-contrast-light .m:not(.g){background:none;outline:1px dashed var(--vscode-contrastBorder);text-decoration:underline}
.m[data-raw],.cut{cursor:pointer}.here{outline:2px solid var(--vscode-focusBorder)}
:focus-visible{outline:2px solid var(--vscode-focusBorder)}
`;

/**
 * Marks select their raw characters in the file; the file's cursor scrolls
 * the view; more turns are asked for as the end of the drawn ones nears.
 */
const SCRIPT = `
const vscode = acquireVsCodeApi();
let turns = [...document.querySelectorAll('[role=listitem][data-raw]')];
const more = document.getElementById('more');
let left = Number(document.body.dataset.left || 0);
let asked = false;
if (more && left > 0) {
  new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting) && left > 0 && !asked) { asked = true; vscode.postMessage({ type: 'more' }); }
  }, { rootMargin: '2000px' }).observe(more);
}
function reveal(el) {
  const [s, e] = el.dataset.raw.split(',').map(Number);
  vscode.postMessage({ type: 'reveal', raw: [s, e] });
}
document.addEventListener('click', (ev) => {
  const m = ev.target.closest && (ev.target.closest('.m[data-raw]') || (ev.target.closest('.cut') && ev.target.closest('[role=listitem][data-raw]')));
  if (m) reveal(m);
});
document.addEventListener('keydown', (ev) => {
  const m = ev.target.closest && ev.target.closest('.m[data-raw]');
  if (m && ev.key === 'Enter') { ev.preventDefault(); reveal(m); }
});
let lit;
function follow(offset) {
  const last = turns[turns.length - 1];
  if (left > 0 && (!last || Number(last.dataset.raw.split(',')[0]) < offset)) {
    if (!asked) { asked = true; vscode.postMessage({ type: 'more', offset }); }
    return;
  }
  let best;
  for (const t of turns) { if (Number(t.dataset.raw.split(',')[0]) <= offset) best = t; else break; }
  if (!best || best === lit) return;
  if (lit) lit.classList.remove('here');
  lit = best;
  best.classList.add('here');
  best.scrollIntoView({ block: 'nearest' });
}
window.addEventListener('message', (ev) => {
  if (!ev.data) return;
  if (ev.data.type === 'follow') follow(ev.data.offset);
  if (ev.data.type === 'turns') {
    more.insertAdjacentHTML('beforebegin', ev.data.html);
    turns = [...document.querySelectorAll('[role=listitem][data-raw]')];
    left = ev.data.left;
    asked = false;
    if (ev.data.offset !== undefined) follow(ev.data.offset);
  }
});
const state = vscode.getState();
if (state) { window.scrollTo(0, state.y); for (const id of ['sg', 'of']) { const box = document.getElementById(id); if (box) box.checked = !!state[id]; } }
const save = () => vscode.setState({ y: window.scrollY, sg: document.getElementById('sg')?.checked, of: document.getElementById('of')?.checked });
window.addEventListener('scroll', save, { passive: true });
document.addEventListener('change', save);
`;

function page(body: string, left = 0): string {
  const nonce = randomBytes(16).toString('base64');
  const csp = `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}">` +
    `<style nonce="${nonce}">${REPORT_CSS}${WEBVIEW_CSS}</style></head><body data-left="${left}">${body}<script nonce="${nonce}">${SCRIPT}</script></body></html>`
  );
}
