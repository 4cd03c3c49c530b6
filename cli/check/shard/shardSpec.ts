/**
 * `--shard k/n`: which of the files a run found belong to shard k of n.
 * A file's shard follows from a hash of its path relative to the working
 * directory, as test runners shard test files, so every machine of a CI
 * matrix picks the same split from the same checkout, whatever order or
 * machine, and adding a file moves no other file to another shard.
 */
import { createHash } from 'node:crypto';
import { isAbsolute, relative, sep } from 'node:path';
import { InvalidArgumentError } from 'commander';

export interface ShardSpec {
  /** 1-based. */
  index: number;
  total: number;
}

export function parseShard(value: string): ShardSpec {
  const m = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(value);
  const index = m ? Number(m[1]) : NaN;
  const total = m ? Number(m[2]) : NaN;
  if (!m || total < 1 || index < 1 || index > total) {
    throw new InvalidArgumentError('expected k/n with 1 ≤ k ≤ n, as in 2/4');
  }
  return { index, total };
}

/** The path as every machine of the matrix names it: relative to the working directory, with forward slashes. */
export function shardKey(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  const key = rel === '' || isAbsolute(rel) ? path : rel;
  return key.split(sep).join('/');
}

export function shardOf(path: string, cwd: string, total: number): number {
  const digest = createHash('sha256').update(shardKey(path, cwd)).digest();
  return (digest.readUInt32BE(0) % total) + 1;
}
