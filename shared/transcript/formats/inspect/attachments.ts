/**
 * Inspect stores long strings once in `sample.attachments` and writes
 * `attachment://<hash>` where they occur. This swaps a reference for the
 * attachment's text, with offsets pointing into the attachments table.
 */
import type { JsonRegion } from '../../json/jsonRegion';
import type { TextAt } from '../common/jsonText';

const PREFIX = 'attachment://';

export class AttachmentResolver {
  /** References that the sample's attachments do not hold. */
  readonly unresolved: string[] = [];

  constructor(
    private readonly attachments: Record<string, unknown>,
    private readonly region: JsonRegion,
    private readonly samplePath: (string | number)[],
  ) {}

  resolve(t: TextAt): TextAt {
    if (!t.text.startsWith(PREFIX)) return t;
    const key = t.text.slice(PREFIX.length);
    const value = this.attachments[key];
    if (typeof value !== 'string') {
      this.unresolved.push(t.text);
      return t;
    }
    return { text: value, map: this.region.stringMap([...this.samplePath, 'attachments', key]), kind: t.kind };
  }
}
