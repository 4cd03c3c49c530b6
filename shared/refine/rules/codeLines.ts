/**
 * A line of code written into prose (`return 127`, `from typing import
 * Protocol`, `+ const x = 5;`): its values are the code's, not claims that
 * fill a slot the way "revenue was $4.2M" does, so slot contradictions,
 * which read the word before a value as its key, do not apply to it.
 */

/** How a line of common languages starts. */
const CODE_START = /^(?:[+-]\s+)?(?:return|import|from\s+\S+\s+import|def|class|const|let|var|function|if|elif|else|for|while|try|except|catch|throw|raise|export|async|await|public|private|protected|static|fn|pub|use|#include|@\w+|[\w.]+\s*=\s|[\w.]+\(.*\)\s*;?$)/;

/** Whether the line holding `[start, end)` of `text` reads as code. */
export function onCodeLine(text: string, start: number, end: number): boolean {
  const from = text.lastIndexOf('\n', start - 1) + 1;
  const nl = text.indexOf('\n', end);
  const line = text.slice(from, nl === -1 ? text.length : nl).trim();
  if (line.length === 0 || line.length > 400) return false;
  return CODE_START.test(line) || /;\s*$/.test(line) || /[{}]\s*$/.test(line);
}
