/**
 * Escapes untrusted text for HTML. Element content needs `&` and `<` (and `>`
 * for readers of the source); a double-quoted attribute value also needs `"`.
 * Each is one linear pass.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const IN_TEXT = /[&<>]/g;
const IN_ATTRIBUTE = /[&<>"]/g;

/** For element content. */
export function escapeHtml(text: string): string {
  return text.replace(IN_TEXT, (c) => ENTITIES[c]);
}

/** For an attribute value in double quotes (the only kind the report writes). */
export function escapeAttribute(text: string): string {
  return text.replace(IN_ATTRIBUTE, (c) => ENTITIES[c]);
}
