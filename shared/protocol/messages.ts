/**
 * Custom messages between the groundcheck client and server, in one place.
 * Each is a namespace with its literal method name and typed parameters;
 * both sides import from here so the wire format cannot drift.
 */
import type { UsageSummary } from '../usageView/summary';
import type { ClassifyResult } from '../classifier/types';

/** Why a file is (or is not) checked, and what the check found. */
export interface FileStatus {
  uri: string;
  version: number;
  state: 'checked' | 'not-transcript' | 'too-large' | 'error';
  /** Parser id and label when the file is a transcript. */
  format?: string;
  formatLabel?: string;
  outputs: number;
  entities: number;
  unverified: number;
  /** Diagnostics published and diagnostics there would be without the cap. */
  shown: number;
  total: number;
  /** Suppressed by ignore rules. */
  ignored: number;
  millis: number;
  /** Human-readable reasons: context incomplete, size limit, parse errors. */
  reasons: string[];
  /** How the check ran: the whole file, one edited turn, or only the lines appended to the file. */
  mode?: 'full' | 'incremental' | 'append';
  /** The tokens the session records as spent, per model and per sub-agent; absent when the file is no checked transcript. */
  usage?: UsageSummary;
}

/**
 * Server → client, after every check of a document version (also the signal
 * tests await instead of sleeping): "uri, version done".
 */
export namespace DocumentCheckedNotification {
  export const method = 'groundcheck/documentChecked' as const;
  export type Params = FileStatus;
}

/**
 * Server → client, while a large file is being checked: how many of its
 * outputs are checked so far, for the status item.
 */
export namespace CheckProgressNotification {
  export const method = 'groundcheck/checkProgress' as const;
  export interface Params {
    uri: string;
    version: number;
    checked: number;
    total: number;
  }
}

/** Client → server: the selection is an output; classify it. */
export namespace ClassifySelectionRequest {
  export const method = 'groundcheck/classifySelection' as const;
  export interface Params {
    /** The selected text. */
    output: string;
    /** Where it was selected, so a transcript can supply the causal context there. */
    uri?: string;
    offset?: number;
    /** Context the user picked instead (another editor, a file, the clipboard). */
    context?: { text: string; label: string };
  }
  export interface Result {
    result: ClassifyResult;
    /** What the context was: "causal context of turn 12: 3 tool results, 1 user turn". */
    contextLabel: string;
    /** A readable report (Markdown) of entities, verdicts and links. */
    report: string;
    /** False when no context could be found at `uri`/`offset` and none was given. */
    hadContext: boolean;
  }
}

/**
 * Client → server: the document as a conversation, drawn as HTML (the
 * conversation view), from its latest check. Marks carry `data-raw="start,end"`
 * raw-file offsets, turns their raw range, for the view to jump and follow.
 */
export namespace ConversationViewRequest {
  export const method = 'groundcheck/conversationView' as const;
  export interface Params {
    uri: string;
    /** The first turn wanted (0: the page from its start, head included). */
    from?: number;
    /** Turns are sent until their HTML reaches this many characters (at least one turn). */
    chars?: number;
    /** With `from` > 0: the version the earlier pieces were drawn from. */
    version?: number;
  }
  export type Result =
    | {
        version: number;
        /** The page before the first turn, and what closes it. */
        head: string;
        tail: string;
        /** Turns `from`, `from + 1`, … as HTML, of `total` in all. */
        from: number;
        turns: string[];
        total: number;
        /** Where each of the `total` turns starts in the raw file (-1: a turn with no place of its own). */
        starts: number[];
        outputs: number;
        findings: number;
      }
    /** Not checked (yet), not a transcript, or `version` is no longer the latest: why. */
    | { version: number; unavailable: string };
}

/** Client → server: check this document again now. */
export namespace RecheckRequest {
  export const method = 'groundcheck/recheck' as const;
  export interface Params {
    uri: string;
  }
}

/**
 * Client commands the server names in CodeLenses and hover links (the client
 * registers them; the server only refers to them by these ids).
 */
export namespace ClientCommands {
  /** Lists a turn's unverified entities. Arguments: `[uri: string, turnRange: Range]`. */
  export const showUnverified = 'groundcheck.showUnverified' as const;
  /** Opens the references peek. Arguments: `[uri: string, position: Position, locations: Location[]]`. */
  export const showReferences = 'groundcheck.showReferences' as const;
}

/**
 * Server-side command (workspace/executeCommand) behind the "ignore" quick
 * fixes: adds a rule to `.groundcheck/ignore.json` and re-publishes.
 */
export namespace IgnoreCommand {
  export const id = 'groundcheck.server.ignore' as const;
  export interface Args {
    /** The document the finding is in (the store goes in its workspace folder). */
    uri: string;
    scope: 'occurrence' | 'value' | 'type';
    type: import('../classifier/types').EntityType;
    text: string;
    normalized: string;
    key: string;
  }
}
