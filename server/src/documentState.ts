/**
 * Open documents and what the server knows about each: the text (kept with
 * incremental sync), the edits the worker has not seen yet, and the findings
 * of the last published check with the version they belong to.
 */
import { LazyTextDocument } from './lazyTextDocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver/node';
import type { FileStatus } from '../../shared/protocol/messages';
import type { GroundcheckSettings } from '../../shared/protocol/settings';
import type { FileAnalysis } from './fileAnalysis';
import { OccurrenceIndex } from './occurrenceIndex';
import type { OutputLineOrder } from './outputLineOrder';
import type { OffsetEdit } from './textEdits';

export interface Published {
  version: number;
  analysis: FileAnalysis;
  settings: GroundcheckSettings;
  status: FileStatus;
  /** The outputs in line order, kept by the publisher as they grow (see OutputLineOrder). */
  order: OutputLineOrder;
  /** How `analysis` grew from the findings published before it, when lines were appended (see GrownFindings). */
  grownFrom?: { analysis: FileAnalysis; changed: readonly number[]; from: number };
}

export class DocumentState {
  /** Version the worker holds the text of, if any. */
  workerVersion: number | undefined;
  /** Edits since `workerVersion`, in order. */
  unsentEdits: OffsetEdit[] = [];
  published: Published | undefined;
  /** Findings of the version the worker last answered for (published or not): the base its patches apply to. */
  mirror: { version: number; analysis: FileAnalysis } | undefined;
  /** A check is running; `again` asks for one more when it ends. */
  running = false;
  again = false;
  private occurrences: { forVersion: number; index: OccurrenceIndex } | undefined;

  constructor(public doc: LazyTextDocument) {}

  get uri(): string {
    return this.doc.uri;
  }

  applyChanges(changes: TextDocumentContentChangeEvent[], version: number): void {
    for (const change of changes) {
      const edit = this.doc.apply(change, version);
      if (edit) this.unsentEdits.push(edit);
      else {
        // A full replacement: the worker must be sent the whole text again.
        this.workerVersion = undefined;
        this.unsentEdits = [];
      }
    }
  }

  /** The published findings if they describe the current text. */
  current(): Published | undefined {
    return this.published && this.published.version === this.doc.version ? this.published : undefined;
  }

  occurrenceIndex(p: Published): OccurrenceIndex {
    if (!this.occurrences || this.occurrences.forVersion !== p.version) {
      this.occurrences = { forVersion: p.version, index: new OccurrenceIndex(p.analysis) };
    }
    return this.occurrences.index;
  }
}

export class DocumentStates {
  private readonly states = new Map<string, DocumentState>();

  open(uri: string, languageId: string, version: number, text: string): DocumentState {
    const state = new DocumentState(new LazyTextDocument(uri, languageId, version, text));
    this.states.set(uri, state);
    return state;
  }

  get(uri: string): DocumentState | undefined {
    return this.states.get(uri);
  }

  close(uri: string): void {
    this.states.delete(uri);
  }

  all(): DocumentState[] {
    return [...this.states.values()];
  }
}
