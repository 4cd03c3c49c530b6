/**
 * Text from a checked file, made safe to print on a terminal. A transcript
 * is written by someone else: an ESC or BEL in a CSV cell, a file name or a
 * zip entry's name would otherwise reach the terminal as a command (retitle
 * it, clear it, move the cursor and overwrite lines), and a bidirectional
 * override would reorder what the reader sees. Every text the CLI prints
 * that holds such text goes through `visibleControls` first; JSON, SARIF
 * and HTML escape in their own way.
 */

/**
 * C0 controls (NUL to US, tab and line breaks included: a piece of a report
 * line is never more than one line), DEL, C1 controls, and the bidirectional
 * embeddings, overrides and isolates (U+202A–202E, U+2066–2069).
 */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** `text` with each control character written as its escape: `\x1b`, `\x00`, `\x9b`, `\u202e`. */
export function visibleControls(text: string): string {
  return text.replace(CONTROLS, escapeOf);
}

/** A one-line message for standard error: all of it made visible but the line break that ends it. */
export function visibleMessage(text: string): string {
  return text.endsWith('\n') ? `${visibleControls(text.slice(0, -1))}\n` : visibleControls(text);
}

function escapeOf(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** Text of several lines (usage and help, which quote what was typed): each line made visible, the line breaks kept. */
export function visibleLines(text: string): string {
  return text.split('\n').map(visibleControls).join('\n');
}
