'use strict';
/**
 * Runs a CommonJS bundle as `require` would, with V8's code cache for it kept
 * in a private folder of the temp dir. The CLI is started once per agent turn
 * by the stop hook, and a third of its start went to compiling the bundle
 * again; the cache skips that.
 *
 * Node 22.1 has `module.enableCompileCache()`, but `engines` still admits
 * Node 20, so the cache is made with `vm.Script`'s `cachedData`, which every
 * supported version has. The folder is used only when this user owns it and
 * no one else may write to it (a cache someone else wrote would be code they
 * chose); anything that goes wrong falls back to a plain `require`.
 * `NODE_DISABLE_COMPILE_CACHE=1` (Node's own switch) turns it off.
 */
const { closeSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } = require('node:fs');
const Module = require('node:module');
const { tmpdir } = require('node:os');
const { basename, dirname, join } = require('node:path');
const vm = require('node:vm');
const { isMainThread } = require('node:worker_threads');

/** The folder for this user's caches, or undefined when it is not private to them. */
function privateFolder() {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  const folder = join(tmpdir(), `groundcheck-code-cache-${uid ?? 'user'}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const st = lstatSync(folder);
  if (!st.isDirectory()) return undefined;
  // On Windows the temp dir is the user's own and modes say nothing.
  if (uid !== undefined && (st.uid !== uid || (st.mode & 0o077) !== 0)) return undefined;
  return folder;
}

/** Writes a file whole or not at all, so a process reading it never sees half. */
function writeWhole(path, data) {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, data);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}

/** The caches of earlier builds of the same bundle: each build has a cache of its own. */
function removeStale(folder, prefix, keep) {
  for (const name of readdirSync(folder)) {
    if (name.startsWith(prefix) && name !== keep) rmSync(join(folder, name), { force: true });
  }
}

function loadWithCodeCache(file) {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return require(file);
  let folder;
  let source;
  let cacheName;
  let cachedData;
  try {
    folder = privateFolder();
    if (folder === undefined) return require(file);
    const st = statSync(file);
    source = readFileSync(file, 'utf8');
    // A build changes the size or the time; another Node or V8 would reject the cache anyway.
    const prefix = `${basename(file)}-`;
    cacheName = `${prefix}${st.size}-${Math.trunc(st.mtimeMs)}-${process.version}-${process.arch}.cache`;
    try {
      cachedData = readFileSync(join(folder, cacheName));
    } catch {
      cachedData = undefined;
    }
    if (cachedData === undefined && isMainThread) removeStale(folder, prefix, cacheName);
  } catch {
    return require(file);
  }
  // Node's own wrapper, on the first line, so positions in stack traces stay those of the file.
  const wrapped = `(function (exports, require, module, __filename, __dirname) { ${source}\n});`;
  const script = new vm.Script(wrapped, { filename: file, cachedData });
  if ((cachedData === undefined || script.cachedDataRejected) && isMainThread) {
    // After the run, so the cache holds the functions it compiled too, not only the top level.
    process.once('exit', () => {
      try {
        writeWhole(join(folder, cacheName), script.createCachedData());
      } catch {
        // A cache that cannot be written only costs the next start its compile.
      }
    });
  }
  const bundle = new Module(file, module);
  bundle.filename = file;
  bundle.paths = Module._nodeModulePaths(dirname(file));
  Module._cache[file] = bundle;
  script.runInThisContext().call(bundle.exports, bundle.exports, Module.createRequire(file), bundle, file, dirname(file));
  bundle.loaded = true;
  return bundle.exports;
}

module.exports = { loadWithCodeCache };
