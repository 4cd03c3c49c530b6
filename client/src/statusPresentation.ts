/**
 * What the language status items say about a file, as plain data so it can
 * be tested without VS Code. The summary gives the counts of a check, its
 * time and whether the diagnostic cap hid some ("N of M shown"), or why the
 * file was not checked. Notes carry the server's other reasons (context
 * incomplete, parse errors) as a second, short item: one long line would be
 * cut off at the edge of the status bar hover.
 */
import type { CheckProgressNotification, FileStatus } from '../../shared/protocol/messages';

export type StatusLevel = 'information' | 'warning' | 'error';

export interface StatusLine {
  text: string;
  detail: string;
  level: StatusLevel;
}

export interface StatusPresentation {
  summary: StatusLine;
  notes?: StatusLine;
}

const NOT_CHECKED: Record<Exclude<FileStatus['state'], 'checked'>, { text: string; why: string; level: StatusLevel }> = {
  'not-transcript': { text: 'not a transcript', why: 'no transcript format recognised', level: 'information' },
  'too-large': { text: 'not checked: too large', why: 'over groundcheck.maxFileSizeMB', level: 'warning' },
  error: { text: 'check failed', why: 'see groundcheck: Show Output', level: 'error' },
};

function count(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : pluralForm}`;
}

function formatMillis(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Room in the status bar hover before VS Code cuts the line off; the full text is in the output channel. */
const NOTE_DETAIL_MAX = 48;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function cappedText(status: FileStatus): string {
  return `${status.shown.toLocaleString('en-US')} of ${status.total.toLocaleString('en-US')} shown`;
}

/** "context incomplete: no system prompt" → text "context incomplete", detail "no system prompt". */
function notesFrom(reasons: string[]): StatusLine | undefined {
  if (reasons.length === 0) return undefined;
  const [first] = reasons;
  const colon = first.indexOf(':');
  const head = colon > 0 ? first.slice(0, colon) : first;
  const rest = [colon > 0 ? first.slice(colon + 1).trim() : '', ...reasons.slice(1)].filter(Boolean);
  const more = reasons.length > 1 ? ` (+${reasons.length - 1})` : '';
  return { text: `${head}${more}`, detail: clip(rest.join('; '), NOTE_DETAIL_MAX), level: 'warning' };
}

export function presentStatus(status: FileStatus): StatusPresentation {
  if (status.state !== 'checked') {
    const kind = NOT_CHECKED[status.state];
    return { summary: { text: kind.text, detail: status.reasons.join('; ') || kind.why, level: kind.level } };
  }
  const capped = status.shown < status.total;
  // The server may also state the cap as a reason; the summary already shows it.
  const reasons = status.reasons.filter((r) => r !== cappedText(status));
  const detail = [
    status.formatLabel ?? status.format,
    `${count(status.entities, 'entity', 'entities')}, ${count(status.outputs, 'output')}`,
    capped ? cappedText(status) : undefined,
    status.ignored > 0 ? `${status.ignored.toLocaleString('en-US')} ignored` : undefined,
    formatMillis(status.millis),
  ].filter((p): p is string => Boolean(p));
  return {
    summary: {
      // VS Code draws the severity icon itself: a check mark only when nothing is unverified.
      text: count(status.unverified, 'unverified', 'unverified'),
      detail: detail.join(' · '),
      level: status.unverified > 0 || capped ? 'warning' : 'information',
    },
    notes: notesFrom(reasons),
  };
}

/** While a large file is being checked: how far it has come. */
export function presentProgress(p: CheckProgressNotification.Params): StatusLine {
  const share = p.total > 0 ? Math.floor((p.checked / p.total) * 100) : 0;
  return {
    text: `checking ${p.checked.toLocaleString('en-US')}/${count(p.total, 'output')}`,
    detail: `${share}% checked; problems appear as outputs are checked`,
    level: 'information',
  };
}
