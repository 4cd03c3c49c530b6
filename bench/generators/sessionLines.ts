/**
 * The lines of a generated Claude Code session as they are written: each
 * line's envelope (parent, cwd, session, uuid, timestamp) in the order Claude
 * Code writes its keys, and the size written so far, which the generators
 * grow to their target.
 */
export interface SessionIds {
  sessionId: string;
  cwd: string;
  uuid(): string;
  timestamp(): string;
}

/**
 * Ids for a generated session: uuids counted up (`variant`, one hex digit,
 * tells generators' sessions apart) and timestamps from `start`, each
 * `gap()` milliseconds after the last.
 */
export function countedIds(sessionId: string, cwd: string, variant: string, start: number, gap: () => number): SessionIds {
  let counter = 0;
  let clock = start;
  return {
    sessionId,
    cwd,
    uuid() {
      const n = (++counter).toString(16).padStart(12, '0');
      return `00000000-${n.slice(0, 4)}-4${n.slice(4, 7)}-${variant}${n.slice(7, 10)}-${n}`;
    },
    timestamp: () => new Date((clock += gap())).toISOString(),
  };
}

export class SessionLines {
  readonly lines: string[] = [];
  size = 0;

  constructor(private readonly ids: SessionIds) {}

  /** Writes one line as it is. */
  emit(obj: unknown): void {
    const line = JSON.stringify(obj);
    this.lines.push(line);
    this.size += line.length + 1;
  }

  /** Writes a user or assistant line under `parent`; returns its uuid. */
  envelope(type: 'user' | 'assistant', parent: string | null, extra: Record<string, unknown>): string {
    const id = this.ids.uuid();
    const { cwd, sessionId } = this.ids;
    this.emit({
      parentUuid: parent,
      isSidechain: false,
      userType: 'external',
      cwd,
      sessionId,
      version: '2.0.14',
      gitBranch: 'main',
      type,
      ...extra,
      uuid: id,
      timestamp: this.ids.timestamp(),
    });
    return id;
  }

  /** The file: every line, each ended by a newline. */
  get raw(): string {
    return this.lines.join('\n') + '\n';
  }
}
