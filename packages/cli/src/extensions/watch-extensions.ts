import { type FSWatcher, watch } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Logger } from '@apcore-mcp/core';
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
  close(): Promise<void>;
}

/** One `fs.watch` per directory of a tree; see {@link watchExtensions} for why. */
interface DirectoryWatchers {
  /** Watches `directory` and every sub-directory discovery would enter. */
  watchTree(directory: string): Promise<void>;
  /** Stops watching `path` and every directory below it. */
  unwatchTree(path: string): void;
  close(): void;
}

function createDirectoryWatchers(
  rootDir: string,
  logger: Logger,
  onChange: (path: string) => void,
): DirectoryWatchers {
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  const isWatchable = (directory: string): boolean =>
    !relative(rootDir, directory).split(sep).some(isIgnoredSegment);

  const watchTree = async (directory: string): Promise<void> => {
    if (closed || watchers.has(directory) || !isWatchable(directory)) return;
    try {
      const watcher = watch(directory, (_event, name) =>
        // No name: something changed we cannot name; look at the whole directory again.
        onChange(name === null ? directory : join(directory, name.toString())),
      );
      watcher.on('error', (error) => {
        logger.error({ err: error, directory }, `Watching ${directory} failed: ${error.message}`);
      });
      watchers.set(directory, watcher);
      const entries = await readdir(directory, { withFileTypes: true });
      for (const entry of entries) {
        if (entry.isDirectory()) await watchTree(join(directory, entry.name));
      }
    } catch (error) {
      logger.debug({ err: error, directory }, `Not watching ${directory}`);
    }
  };

  return {
    watchTree,
    unwatchTree: (path) => {
      for (const [directory, watcher] of watchers) {
        if (directory === path || directory.startsWith(path + sep)) {
          watcher.close();
          watchers.delete(directory);
        }
      }
    },
    close: () => {
      closed = true;
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * Watches the extensions directory and every sub-directory discovery enters, and hands each
 * changed path to `sync` after a quiet period, so that an editor's save (several events, temp
 * files, renames) is handled once. Batches run one after another, never overlapping.
 *
 * One watcher per directory rather than `fs.watch(root, { recursive: true })`: on Linux, Node's
 * recursive mode follows files by inode and goes deaf to a file that an editor replaced by
 * renaming a new copy over it; a directory watch reports every write by name.
 *
 * @example
 * ```ts
 * const watcher = watchExtensions({ rootDir, sync: (path) => registry.sync(path), logger });
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

  const handle = async (path: string): Promise<void> => {
    const info = await stat(path).catch(() => null);
    if (info?.isDirectory()) await directories.watchTree(path);
    else if (info === null && path !== rootDir) directories.unwatchTree(path);
    await sync(path).catch((error: unknown) => {
      logger.error({ err: error, path }, `Could not apply the change to ${path}`);
    });
  };

  const flush = (): void => {
    timer = undefined;
    const paths = [...pending].sort();
    pending.clear();
    queue = queue.then(async () => {
      for (const path of paths) {
        if (closed) return;
        await handle(path);
      }
    });
  };

  const directories = createDirectoryWatchers(rootDir, logger, (path) => {
    pending.add(path);
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  });

  queue = directories.watchTree(rootDir).then(() => {
    logger.info({ rootDir }, `Watching ${rootDir} for module changes`);
  });

  return {
    close: async () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      directories.close();
      await queue;
    },
  };
}
