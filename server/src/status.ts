/**
 * The per-check status the client shows (and tests await): what the file is,
 * what the check found, what was shown, and why anything was left out.
 */
import type { FileStatus } from '../../shared/protocol/messages';
import type { DiagnosticsResult } from './diagnostics';
import type { FileAnalysis } from './fileAnalysis';

export function fileStatus(uri: string, version: number, analysis: FileAnalysis, shown: DiagnosticsResult, millis: number): FileStatus {
  const status: FileStatus = {
    uri,
    version,
    state: analysis.state,
    outputs: analysis.outputs.length,
    entities: shown.entities,
    unverified: shown.unverified,
    shown: shown.shown,
    total: shown.total,
    ignored: shown.ignored,
    millis: Math.round(millis * 10) / 10,
    reasons: [...analysis.reasons, ...shown.reasons],
    mode: analysis.mode,
  };
  if (analysis.format) status.format = analysis.format;
  if (analysis.formatLabel) status.formatLabel = analysis.formatLabel;
  if (analysis.usage) status.usage = analysis.usage.summary;
  return status;
}
