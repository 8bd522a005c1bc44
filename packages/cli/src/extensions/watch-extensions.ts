import { relative, sep } from 'node:path';
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
 * overlapping. Logs `Watching <rootDir> for module changes` once every directory is watched;
 * watch errors and failed syncs are logged, never thrown.
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

  const flush = (): void => {
    timer = undefined;
    const paths = [...pending].sort();
    pending.clear();
    queue = queue.then(async () => {
      for (const path of paths) {
        if (closed) return;
        await sync(path).catch((error: unknown) => {
          logger.error({ err: error, path }, `Could not apply the change to ${path}`);
        });
      }
    });
  };

  const watcher = watchTree(rootDir, logger, (path) => {
    pending.add(path);
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

/** The chokidar watch of the tree: `onChange` hears each path that changed, appeared or went. */
function watchTree(
  rootDir: string,
  logger: Logger,
  onChange: (path: string) => void,
): { ready: Promise<void>; close(): Promise<void> } {
  const watcher = watch(rootDir, {
    ignoreInitial: true,
    // The directories discovery skips (`_lib`, `.git`, `node_modules`) are not watched at all.
    ignored: (path) => relative(rootDir, path).split(sep).some(isIgnoredSegment),
  });
  watcher.on('all', (event, path) => {
    // A new directory's files come as events of their own: loading them is their business.
    if (event !== 'addDir') onChange(path);
  });
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
