import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Logger } from '@apcore-mcp/core/bridge';
import { watch } from 'chokidar';
import { isIgnoredSegment } from './module-files.js';

/** Options of {@link watchExtensions}. */
export interface WatchExtensionsOptions {
  /** The directory to watch, with its sub-directories. */
  rootDir: string;
  /** Brings one changed path (file or directory, present or gone) into the registry. */
  sync: (path: string) => Promise<void>;
  logger: Logger;
  /** Quiet time before a batch of changes is handled; default 100 ms. */
  debounceMs?: number;
}

/** A running watch; `close()` stops it and waits for the batch being handled, if any. */
export interface ExtensionsWatcher {
  /** Resolves once every directory is watched (rejects never; errors are logged). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches the extensions directory and every sub-directory discovery enters (with chokidar),
 * and hands each changed path to `sync` after a quiet period, so that an editor's save
 * (several events, temp files, renames) is handled once. Batches run one after another, never
 * overlapping. A new sub-directory is listed again when its batch runs: chokidar reads a new
 * directory before it watches it, so a file written in between would otherwise go unheard.
 * Logs `Watching <rootDir> for module changes` once every directory is watched; watch errors
 * and failed syncs are logged, never thrown.
 *
 * @example
 * ```ts
 * const watcher = watchExtensions({ rootDir, sync: (path) => registry.sync(path), logger });
 * await watcher.ready;
 * await watcher.close();
 * ```
 */
export function watchExtensions(options: WatchExtensionsOptions): ExtensionsWatcher {
  const { rootDir, sync, logger } = options;
  const debounceMs = options.debounceMs ?? 100;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queue: Promise<void> = Promise.resolve();
  let closed = false;

  const newDirectories = new Set<string>();
  const isIgnored = (path: string): boolean =>
    relative(rootDir, path).split(sep).some(isIgnoredSegment);

  const flush = (): void => {
    timer = undefined;
    const heard = new Set(pending);
    const directories = [...newDirectories];
    pending.clear();
    newDirectories.clear();
    queue = queue.then(async () => {
      for (const directory of directories) {
        for (const file of await filesBelow(directory)) if (!isIgnored(file)) heard.add(file);
      }
      for (const path of [...heard].sort()) {
        if (closed) return;
        await sync(path).catch((error: unknown) => {
          logger.error({ err: error, path }, `Could not apply the change to ${path}`);
        });
      }
    });
  };

  const watcher = watchTree(rootDir, isIgnored, logger, (path, isNewDirectory) => {
    (isNewDirectory ? newDirectories : pending).add(path);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  });

  return {
    ready: watcher.ready,
    close: async () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      await watcher.close();
      await queue;
    },
  };
}

/** The files below `directory`, at any depth; none if it is gone. */
async function filesBelow(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * The chokidar watch of the tree: `onChange` hears each path that changed, appeared or went,
 * and each directory that appeared (flagged, since its files are what matters).
 */
function watchTree(
  rootDir: string,
  isIgnored: (path: string) => boolean,
  logger: Logger,
  onChange: (path: string, isNewDirectory: boolean) => void,
): { ready: Promise<void>; close(): Promise<void> } {
  // The directories discovery skips (`_lib`, `.git`, `node_modules`) are not watched at all.
  const watcher = watch(rootDir, { ignoreInitial: true, ignored: isIgnored });
  watcher.on('all', (event, path) => onChange(path, event === 'addDir'));
  watcher.on('error', (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: error, rootDir }, `Watching ${rootDir} failed: ${message}`);
  });
  const ready = new Promise<void>((resolve) => {
    watcher.once('ready', () => {
      logger.info({ rootDir }, `Watching ${rootDir} for module changes`);
      resolve();
    });
  });
  return { ready, close: () => watcher.close() };
}
