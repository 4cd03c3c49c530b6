/**
 * The ignore store on disk: `.groundcheck/ignore.json` in the workspace
 * folder that holds a document (or beside it when it is in none). Read
 * once per folder and re-read after the server writes it.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  emptyIgnoreStore,
  IGNORE_FILE,
  IgnoreMatcher,
  parseIgnoreStore,
  serializeIgnoreStore,
  type IgnoreStore,
} from '../../shared/check/ignores';
import { FILE_LIMITS, FileRefused, kindOf, readBounded } from '../../shared/io/boundedRead';
import { isWithin } from '../../shared/io/isWithin';

function lstatOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}

interface LoadedStore {
  store: IgnoreStore;
  matcher: IgnoreMatcher;
  /** Why the file on disk was not read (not a regular file, too large): it is then not written either. */
  refused?: string;
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
    const folder = this.folders
      .filter((f) => isWithin(docPath, f))
      .sort((a, b) => b.length - a.length)[0];
    return path.join(folder ?? path.dirname(docPath), IGNORE_FILE);
  }

  matcherFor(docUri: string): IgnoreMatcher {
    return this.load(this.fileFor(docUri)).matcher;
  }

  /** Applies `change` to the store governing `docUri` and writes it. */
  update(docUri: string, change: (s: IgnoreStore) => IgnoreStore): string {
    const file = this.fileFor(docUri);
    if (!file) throw new Error('only files on disk can have ignore rules');
    const loaded = this.load(file);
    if (loaded.refused) throw new Error(`${file}: ${loaded.refused}; not written`);
    const next = change(loaded.store);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Never write through a link: the store is a plain file in .groundcheck/, or it is made one.
    const existing = lstatOrUndefined(file);
    if (existing && !existing.isFile()) throw new Error(`${file}: not a regular file (${kindOf(existing)}): not written`);
    // Written beside it and renamed over it: a rename replaces the directory entry, it follows no link.
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, serializeIgnoreStore(next), { flag: 'wx' });
    fs.renameSync(temp, file);
    this.stores.set(file, { store: next, matcher: new IgnoreMatcher(next) });
    return file;
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
      let refused: string | undefined;
      try {
        store = parseIgnoreStore(readBounded(file, FILE_LIMITS.settings).toString('utf8'));
      } catch (err) {
        // No store yet: nothing is ignored. A store that is not a small regular file is refused, and said so.
        if (err instanceof FileRefused && err.reason !== 'no such file') {
          refused = err.reason;
          this.warn(`${file}: ${err.reason}; no ignore rules from it apply`);
        }
      }
      entry = { store, matcher: new IgnoreMatcher(store), ...(refused ? { refused } : {}) };
      this.stores.set(file, entry);
    }
    return entry;
  }
}
