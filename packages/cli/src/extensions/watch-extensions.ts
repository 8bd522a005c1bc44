import { type FSWatcher, watch } from 'node:fs';
import { resolve } from 'node:path';
import type { Logger } from '@apcore-mcp/core';

/** Options of {@link watchExtensions}. */
export interface WatchExtensionsOptions {
  /** The directory to watch, recursively. */
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

/**
 * Watches the extensions directory (recursively) and hands every changed path to `sync`,
 * after a quiet period so that an editor's save (several events, temp files, renames) is
 * handled once. Batches run one after another, never overlapping.
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

  const watcher: FSWatcher = watch(rootDir, { recursive: true }, (_event, fileName) => {
    // No file name: something changed we cannot name; look at the whole directory again.
    pending.add(fileName === null ? rootDir : resolve(rootDir, fileName.toString()));
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(flush, debounceMs);
  });
  watcher.on('error', (error) => {
    logger.error({ err: error, rootDir }, `Watching ${rootDir} failed: ${error.message}`);
  });
  logger.info({ rootDir }, `Watching ${rootDir} for module changes`);

  return {
    close: async () => {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      watcher.close();
      await queue;
    },
  };
}
