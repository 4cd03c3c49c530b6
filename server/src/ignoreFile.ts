/**
 * The ignore store on disk: `.groundcheck/ignore.json` in the workspace
 * folder that holds a document (or beside it when it is in none). Read
 * once per folder and re-read after the server writes it. Rules are only
 * written into a workspace folder's store, by editing its text in place.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { emptyIgnoreStore, IGNORE_FILE, IgnoreMatcher, type IgnoreRule, type IgnoreStore } from '../../shared/check/ignores';
import { addIgnoreRule, locateProblem, parseIgnoreStore } from '../../shared/check/ignoreStoreText';
import { FILE_LIMITS, FileRefused, kindOf, readBounded } from '../../shared/io/boundedRead';
import { isWithin } from '../../shared/io/isWithin';

function lstatOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}

/** Why a rule was not written, in words for the user (the store is left as it was). */
export class IgnoreNotWritten extends Error {}

interface LoadedStore {
  store: IgnoreStore;
  matcher: IgnoreMatcher;
}

export class IgnoreFiles {
  private readonly stores = new Map<string, LoadedStore>();
  private folders: string[] = [];

  /** `warn` hears, once per store, why a store on disk was not read. */
  constructor(private readonly warn: (message: string) => void = () => {}) {}

  setWorkspaceFolders(uris: string[]): void {
    this.folders = uris.filter((u) => u.startsWith('file:')).map((u) => fileURLToPath(u));
  }

  /** The store file governing a document, or undefined for documents not on disk. */
  fileFor(docUri: string): string | undefined {
    if (!docUri.startsWith('file:')) return undefined;
    const docPath = fileURLToPath(docUri);
    const folder = this.folderOf(docPath);
    return path.join(folder ?? path.dirname(docPath), IGNORE_FILE);
  }

  /** The innermost workspace folder holding `file`, if any. */
  folderOf(file: string): string | undefined {
    return this.folders.filter((f) => isWithin(file, f)).sort((a, b) => b.length - a.length)[0];
  }

  matcherFor(docUri: string): IgnoreMatcher {
    return this.load(this.fileFor(docUri)).matcher;
  }

  /** The rules as plain data, for the worker (a matcher does not cross threads). */
  storeFor(docUri: string): IgnoreStore {
    return this.load(this.fileFor(docUri)).store;
  }

  /**
   * Adds `rule` to the store of the workspace folder holding `docUri`, editing
   * the file as it is on disk now (hand edits since it was last read stay).
   * Throws IgnoreNotWritten, naming the file and where, when it must not write.
   */
  add(docUri: string, rule: IgnoreRule): string {
    const docPath = docUri.startsWith('file:') ? fileURLToPath(docUri) : undefined;
    const folder = docPath === undefined ? undefined : this.folderOf(docPath);
    if (folder === undefined) throw new IgnoreNotWritten('ignore rules are kept in a workspace folder, and this file is in none');
    const file = path.join(folder, IGNORE_FILE);
    const text = this.readForWrite(file);
    const added = addIgnoreRule(text, rule);
    if ('problem' in added) throw new IgnoreNotWritten(`${file}:${locateProblem(text, added.problem)}; the rule was not added (fix the file, then try again)`);
    if (added.text !== text) this.write(file, added.text);
    const store = parseIgnoreStore(added.text).store;
    this.stores.set(file, { store, matcher: new IgnoreMatcher(store) });
    return file;
  }

  /** The store's text as it is now ('' when there is none yet), or why it may not be written. */
  private readForWrite(file: string): string {
    try {
      return readBounded(file, FILE_LIMITS.settings).toString('utf8');
    } catch (err) {
      if (err instanceof FileRefused && err.reason === 'no such file') return '';
      throw new IgnoreNotWritten(`${file}: ${err instanceof FileRefused ? err.reason : (err as Error).message}; the rule was not added`);
    }
  }

  private write(file: string, text: string): void {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Never write through a link: the store is a plain file in .groundcheck/, or it is made one.
    const existing = lstatOrUndefined(file);
    if (existing && !existing.isFile()) throw new IgnoreNotWritten(`${file}: not a regular file (${kindOf(existing)}): not written`);
    // Written beside it and renamed over it: a rename replaces the directory entry, it follows no link.
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, text, { flag: 'wx' });
    fs.renameSync(temp, file);
  }

  /** Drops cached stores, e.g. when the client reports the file changed on disk. */
  invalidate(): void {
    this.stores.clear();
  }

  private load(file: string | undefined): LoadedStore {
    if (!file) return { store: emptyIgnoreStore(), matcher: new IgnoreMatcher(emptyIgnoreStore()) };
    let entry = this.stores.get(file);
    if (!entry) {
      let store = emptyIgnoreStore();
      try {
        const text = readBounded(file, FILE_LIMITS.settings).toString('utf8');
        const parsed = parseIgnoreStore(text);
        if (parsed.problem) this.warn(`${file}:${locateProblem(text, parsed.problem)}; no ignore rules from it apply`);
        store = parsed.store;
      } catch (err) {
        // No store yet: nothing is ignored. A store that is not a small regular file is refused, and said so.
        if (err instanceof FileRefused && err.reason !== 'no such file') {
          this.warn(`${file}: ${err.reason}; no ignore rules from it apply`);
        }
      }
      entry = { store, matcher: new IgnoreMatcher(store) };
      this.stores.set(file, entry);
    }
    return entry;
  }
}
