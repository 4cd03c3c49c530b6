import { strict as assert } from 'node:assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { TranscriptIndex } from '../../../shared/check/transcriptIndex';
import { isNotTranscript, parseTranscript } from '../../../shared/transcript/detect';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** A Claude Code session that reads the same file (`lines` numbered lines) `reads` times, with an answer after each read. */
function rereadSession(reads: number, lines: number): string {
  const file = Array.from({ length: lines }, (_, i) => `${String(i + 1).padStart(6)}→export const LIMIT_${i} = ${i * 7}; // owner: billing`).join('\n');
  const out: string[] = [];
  let parent: string | null = null;
  const line = (uuid: string, type: 'user' | 'assistant', content: unknown) => {
    const timestamp = new Date(Date.UTC(2025, 5, 3, 9, 0, out.length)).toISOString();
    out.push(
      JSON.stringify({
        parentUuid: parent,
        isSidechain: false,
        userType: 'external',
        cwd: '/home/dev/shop',
        sessionId: 's1',
        version: '2.0.14',
        type,
        message: { role: type, content },
        uuid,
        timestamp,
      }),
    );
    parent = uuid;
  };
  line('q', 'user', 'What limits does src/limits.ts set?');
  for (let r = 0; r < reads; r++) {
    line(`c${r}`, 'assistant', [{ type: 'tool_use', id: `t${r}`, name: 'Read', input: { file_path: '/home/dev/shop/src/limits.ts' } }]);
    line(`r${r}`, 'user', [{ tool_use_id: `t${r}`, type: 'tool_result', content: file }]);
    line(`a${r}`, 'assistant', [{ type: 'text', text: `LIMIT_${r} is ${r * 7}.` }]);
  }
  return `${out.join('\n')}\n`;
}

describe('texts a session repeats', function () {
  this.timeout(60000);

  it('are held once by the parsed transcript and by the text it grounds with, however often they are read', () => {
    const reads = 200;
    const raw = rereadSession(reads, 400);
    const fileChars = raw.length / reads;
    collect();
    const before = process.memoryUsage().heapUsed;
    const parsed = parseTranscript({ raw, path: '/home/dev/.claude/projects/-home-dev-shop/session.jsonl' });
    if (isNotTranscript(parsed)) throw new Error(parsed.reason);
    const index = TranscriptIndex.build(parsed);
    collect();
    const held = process.memoryUsage().heapUsed - before;
    // Every read is a segment, and grounds with its text without the line-number gutters.
    const results = parsed.segments.filter((s) => s.role === 'tool_result');
    assert.equal(results.length, reads);
    assert.ok(!index.facts.groundingText(results[7].id).includes('→'), 'the gutters are gone from the text it grounds with');
    // Kept per read, the text and the text without gutters were two strings of two bytes a character ('→' is past Latin-1)
    // each time: some 19 MB here. Held once, what each read keeps is smaller than one copy of the file's text.
    const oneCopyPerRead = reads * fileChars * 2;
    assert.ok(held < oneCopyPerRead, `the transcript and its index hold ${held} heap bytes for ${reads} reads of ${Math.round(fileChars)} characters`);
  });
});
