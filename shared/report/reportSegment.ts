/** A transcript segment as the conversation view draws it. */
import type { Segment } from '../transcript/model';
import { toRawRange } from '../transcript/offsets/offsetMaps';
import type { ReportSegment } from './reportModel';

/** `withRaw`: also where the segment lies in the raw file, for views that jump there. */
export function reportSegment(s: Segment, withRaw = false): ReportSegment {
  const view: ReportSegment = { role: s.role, line: s.line + 1, text: s.text };
  if (s.label !== undefined) view.label = s.label;
  if (s.source !== undefined) view.source = s.source;
  if (s.tool) {
    view.tool = s.tool.name;
    if (s.tool.callId !== undefined) view.callId = s.tool.callId;
    if (s.tool.field !== undefined) view.field = s.tool.field;
    if (s.tool.failed) view.failed = true;
  }
  if (withRaw && s.source === undefined) view.raw = toRawRange(s.map, 0, s.text.length);
  return view;
}
