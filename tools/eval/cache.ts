/**
 * A cache of rendered evaluation audio, keyed by what made it (the render recipe), so a rerun of the
 * evaluation skips fluidsynth and ffmpeg. Lives in ORIGINALITY_EVAL_CACHE or the system temp dir; delete the
 * folder to start over. Each file is written under a temporary name and renamed, so an interrupted run never
 * leaves a half-written entry behind.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Bump when a recipe changes meaning without its key text changing. */
const CACHE_VERSION = 'v1';

export function cacheDir(): string {
  const dir = process.env.ORIGINALITY_EVAL_CACHE || join(tmpdir(), 'originality-eval-cache');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The cached file for `recipe`, made by `make(path)` when it is not there yet. */
export async function cachedFile(
  recipe: string,
  extension: string,
  make: (path: string) => Promise<void>,
): Promise<string> {
  const name = createHash('sha1').update(`${CACHE_VERSION}\n${recipe}`).digest('hex').slice(0, 24);
  const path = join(cacheDir(), `${name}.${extension}`);
  if (existsSync(path)) return path;
  const partial = join(cacheDir(), `${name}.${process.pid}.partial.${extension}`);
  try {
    await make(partial);
    renameSync(partial, path);
  } finally {
    rmSync(partial, { force: true });
  }
  return path;
}
