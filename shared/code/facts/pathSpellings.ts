/**
 * File paths as a coding agent writes them: absolute (`/home/u/app/src/a.ts`),
 * relative (`src/a.ts`, `./src/a.ts`), bare names (`a.ts`), Windows style
 * (`C:\app\src\a.ts`). Two spellings name the same file when one is a suffix
 * of the other on a `/` boundary, which is how people shorten paths.
 */
import { isKnownExtension } from './fileExtensions';

/**
 * `./src/a.ts/` → `src/a.ts`; backslashes become slashes; a leading `/` is
 * kept. A `..` step goes back over the folder before it (`.specify/../tasks.md`
 * is `tasks.md`); one with no folder before it climbs out of a working
 * directory the path does not give, so the rest is what names the file
 * (`../../shared/x.ts` names `shared/x.ts`).
 */
export function cleanPath(path: string): string {
  let p = path.replace(/\\/g, '/');
  while (p.startsWith('./')) p = p.slice(2);
  while (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p.includes('..') ? withoutUpSteps(p) : p;
}

function withoutUpSteps(path: string): string {
  const parts = path.split('/');
  if (!parts.includes('..')) return path;
  const out: string[] = [];
  for (const [i, part] of parts.entries()) {
    if (part === '.' && i > 0) continue;
    if (part !== '..') {
      out.push(part);
      continue;
    }
    // The root (an empty first part) and a drive stay; any other folder before is left.
    const last = out[out.length - 1];
    if (last !== undefined && last !== '' && !/^[A-Za-z]:$/.test(last)) out.pop();
  }
  return out.join('/');
}

/** The last segment of a path: `src/a.ts` → `a.ts`. */
export function baseName(path: string): string {
  const p = cleanPath(path);
  const slash = p.lastIndexOf('/');
  return slash === -1 ? p : p.slice(slash + 1);
}

/**
 * Whether `ref` names the file at `full`: equal, or a suffix starting after a
 * `/` (`src/a.ts` names `/w/src/a.ts`, `a.ts` names it too, `c/a.ts` does not).
 * A reference with a leading `/` may still be project-relative (`/src/a.ts`).
 */
export function pathNames(ref: string, full: string): boolean {
  const r = cleanPath(ref).replace(/^\/+/, '');
  const f = cleanPath(full);
  if (r.length === 0) return false;
  if (f === r) return true;
  return f.length > r.length && f.endsWith(r) && f.charCodeAt(f.length - r.length - 1) === 47;
}

/** Characters a path token may hold (no spaces: agents quote or backtick paths that have them). */
export function isPathChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 46 /* . */ ||
    c === 47 /* / */ ||
    c === 95 /* _ */ ||
    c === 45 /* - */ ||
    c === 64 /* @ */ ||
    c === 43 /* + */ ||
    c === 126 /* ~ */ ||
    c === 92 /* \ */ ||
    c === 91 /* [ */ ||
    c === 93 /* ] */ ||
    c === 40 /* ( */ ||
    c === 41 /* ) */ ||
    c > 0x7f
  );
}

/**
 * Whether a token looks like a file path rather than a word, a version or a
 * member access: a rooted or multi-directory path, a path whose name has a
 * known file extension, or a bare name with one (`a.ts`, `.env`).
 * `Next.js`-style product names (a capitalised bare name with `.js`) are not files.
 */
export function looksLikeFilePath(token: string): boolean {
  const p = cleanPath(token);
  if (p.length < 2 || p.includes('://') || p.includes('//')) return false;
  const base = baseName(p);
  if (!/[A-Za-z]/.test(base)) return false;
  const dot = base.lastIndexOf('.');
  if (p.includes('/')) {
    if (/^\d+(?:\.\d+)*$/.test(base)) return false;
    // One slash between words is prose (`and/or`, `km/h`) unless the name is a file's or the path is rooted.
    const parts = p.split('/').filter((x) => x !== '');
    const rooted = (/^(?:\/|~\/|\.\.?\/)/.test(token) && parts.length >= 2) || parts.length > 2;
    return rooted || (dot > 0 && isKnownExtension(base.slice(dot + 1)));
  }
  if (dot === -1 || dot === base.length - 1) return false;
  const ext = base.slice(dot + 1);
  if (!isKnownExtension(ext)) return false;
  if (dot === 0) return true;
  // `a.m`, `D.C`: one-letter names with one-letter extensions are abbreviations in prose.
  if (ext.length === 1 && dot < 2) return false;
  return !(ext === 'js' && /^[A-Z]/.test(base) && !/[a-z][A-Z]/.test(base.slice(0, dot)) && base.indexOf('.') === dot);
}
