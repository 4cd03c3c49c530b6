/**
 * What the language status item says about a file, as plain data so it can
 * be tested without VS Code: the counts of a check, its time, whether the
 * diagnostic cap hid some ("N of M shown"), or why the file was not checked.
 */
import type { FileStatus } from '../../shared/protocol/messages';

export type StatusLevel = 'information' | 'warning' | 'error';

export interface StatusPresentation {
  text: string;
  detail: string;
  level: StatusLevel;
}

const NOT_CHECKED: Record<Exclude<FileStatus['state'], 'checked'>, { text: string; why: string; level: StatusLevel }> = {
  'not-transcript': { text: 'not a transcript', why: 'No transcript format recognised in this file', level: 'information' },
  'too-large': { text: 'not checked: too large', why: 'File is over groundcheck.maxFileSizeMB', level: 'warning' },
  error: { text: 'check failed', why: 'The check failed; see groundcheck: Show Output', level: 'error' },
};

function count(n: number, singular: string, pluralForm = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : pluralForm}`;
}

function formatMillis(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function presentStatus(status: FileStatus): StatusPresentation {
  const reasons = status.reasons.join('; ');
  if (status.state !== 'checked') {
    const kind = NOT_CHECKED[status.state];
    return { text: `$(circle-slash) ${kind.text}`, detail: reasons || kind.why, level: kind.level };
  }
  const parts = [
    status.formatLabel ?? status.format,
    `${count(status.entities, 'entity', 'entities')} in ${count(status.outputs, 'output')}`,
    status.shown < status.total ? `${status.shown.toLocaleString('en-US')} of ${status.total.toLocaleString('en-US')} shown` : undefined,
    status.ignored > 0 ? `${status.ignored.toLocaleString('en-US')} ignored` : undefined,
    formatMillis(status.millis),
    reasons || undefined,
  ].filter((p): p is string => Boolean(p));
  const icon = status.unverified > 0 ? '$(warning)' : '$(check)';
  return {
    text: `${icon} ${status.unverified.toLocaleString('en-US')} unverified`,
    detail: parts.join(' · '),
    // Hidden diagnostics or an incomplete context change what the counts mean, so they stand out.
    level: status.shown < status.total || status.reasons.length > 0 ? 'warning' : 'information',
  };
}
