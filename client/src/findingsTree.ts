/**
 * The "groundcheck Findings" view in the Explorer: every open transcript
 * with findings → its outputs, worst level first → their findings, each
 * with a count; clicking a finding selects it in the file. Built from the
 * diagnostics the server published, so it shows exactly what the editor
 * squiggles (ignored and hidden-by-severity findings stay out).
 */
import * as vscode from 'vscode';
import { counted } from '../../shared/text/counted';

const SOURCE = 'groundcheck';
const LEVEL_ORDER = ['UNGROUNDED', 'PARTIAL', 'INDETERMINATE', 'GROUNDED'];

/** What the server attaches to each finding's diagnostic (see server/src/diagnostics.ts). */
interface FindingData {
  segment: number;
  level: string;
  output: string;
  outputLine: number;
}

interface Finding {
  diagnostic: vscode.Diagnostic;
  data: FindingData;
}

export type FindingsNode =
  | { kind: 'file'; uri: vscode.Uri; count: number; findings: Finding[] }
  | { kind: 'output'; uri: vscode.Uri; segment: number; level: string; label: string; line: number; count: number; findings: Finding[] }
  | { kind: 'finding'; uri: vscode.Uri; diagnostic: vscode.Diagnostic };

function findingsOf(diagnostics: readonly vscode.Diagnostic[]): Finding[] {
  const out: Finding[] = [];
  for (const d of diagnostics) {
    // The language client keeps the server's `data` on the diagnostics it converts.
    const data = (d as vscode.Diagnostic & { data?: FindingData }).data;
    if (d.source === SOURCE && data && typeof data.segment === 'number') out.push({ diagnostic: d, data });
  }
  return out;
}

export class FindingsTree implements vscode.TreeDataProvider<FindingsNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<FindingsNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly listener: vscode.Disposable;
  private pending: ReturnType<typeof setTimeout> | undefined;

  constructor() {
    // Diagnostics change in bursts while files are checked: redraw once per burst.
    this.listener = vscode.languages.onDidChangeDiagnostics(() => {
      if (this.pending) return;
      this.pending = setTimeout(() => {
        this.pending = undefined;
        const any = vscode.languages.getDiagnostics().some(([, diagnostics]) => findingsOf(diagnostics).length > 0);
        // The view shows in the Explorer only while there is something in it.
        void vscode.commands.executeCommand('setContext', 'groundcheck.hasFindings', any);
        this.changed.fire(undefined);
      }, 150);
    });
  }

  getChildren(node?: FindingsNode): FindingsNode[] {
    if (!node) {
      const files: FindingsNode[] = [];
      for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
        const findings = findingsOf(diagnostics);
        if (findings.length > 0) files.push({ kind: 'file', uri, count: findings.length, findings });
      }
      return files.sort((a, b) => a.uri.toString().localeCompare(b.uri.toString()));
    }
    if (node.kind === 'file') {
      const outputs = new Map<number, FindingsNode & { kind: 'output' }>();
      // Grouped once per file: each output keeps its own findings.
      for (const f of node.findings) {
        const o = outputs.get(f.data.segment);
        if (o) {
          o.count++;
          o.findings.push(f);
        } else {
          const { segment, level, output: label, outputLine: line } = f.data;
          outputs.set(segment, { kind: 'output', uri: node.uri, segment, level, label, line, count: 1, findings: [f] });
        }
      }
      return [...outputs.values()].sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level) || a.line - b.line);
    }
    if (node.kind === 'output') {
      return node.findings
        .slice()
        .sort((a, b) => a.diagnostic.range.start.compareTo(b.diagnostic.range.start))
        .map((f) => ({ kind: 'finding' as const, uri: node.uri, diagnostic: f.diagnostic }));
    }
    return [];
  }

  getTreeItem(node: FindingsNode): vscode.TreeItem {
    if (node.kind === 'file') {
      const item = new vscode.TreeItem(node.uri, vscode.TreeItemCollapsibleState.Expanded);
      item.description = counted(node.count, 'finding');
      item.contextValue = 'file';
      return item;
    }
    if (node.kind === 'output') {
      const item = new vscode.TreeItem(`${node.level} · ${node.label}`, vscode.TreeItemCollapsibleState.Expanded);
      item.description = `line ${node.line + 1} · ${counted(node.count, 'finding')}`;
      item.iconPath = new vscode.ThemeIcon(node.level === 'UNGROUNDED' ? 'error' : node.level === 'PARTIAL' ? 'warning' : 'info');
      return item;
    }
    const d = node.diagnostic;
    const item = new vscode.TreeItem(d.message, vscode.TreeItemCollapsibleState.None);
    item.description = `${typeof d.code === 'object' ? String(d.code.value) : String(d.code ?? '')} · line ${d.range.start.line + 1}`;
    item.tooltip = d.message;
    item.iconPath = new vscode.ThemeIcon(
      d.severity === vscode.DiagnosticSeverity.Error ? 'error' : d.severity === vscode.DiagnosticSeverity.Warning ? 'warning' : 'info',
    );
    item.command = { command: 'vscode.open', title: 'Go to finding', arguments: [node.uri, { selection: d.range }] };
    return item;
  }

  dispose(): void {
    if (this.pending) clearTimeout(this.pending);
    this.listener.dispose();
    this.changed.dispose();
  }
}
