import type { Logger } from '@apcore-mcp/core/bridge';
import type { Registry } from '@apcore-mcp/runtime';
import type { ServerHandle } from '@apcore-mcp/server';
import type { ModuleFiles } from '../extensions/module-files.js';
import type { ExtensionsWatcher } from '../extensions/watch-extensions.js';
import type { OpenapiSources } from '../openapi/read-openapi-sources.js';
import type {
  RegisterDocumentsOptions,
  RegisteredDocuments,
} from '../openapi/register-documents.js';

/** What {@link startWatchers} watches, and what it tells of changes. */
export interface ServeWatchInput {
  /** `--watch`: without it nothing is watched. */
  watch: boolean;
  /** The module and definition files of the extensions directory (under --watch). */
  files: ModuleFiles | undefined;
  rootDir: string | undefined;
  skillsDir: string | undefined;
  handle: ServerHandle;
  logger: Logger;
  registry: Registry;
  openapi: OpenapiSources | undefined;
  documents: RegisteredDocuments | undefined;
  documentOptions: RegisterDocumentsOptions;
}

/**
 * Under --watch, the watchers that keep the server in step with its files: the extensions
 * directory, the skills directory and each local OpenAPI document. None without --watch.
 */
export async function startWatchers(input: ServeWatchInput): Promise<ExtensionsWatcher[]> {
  const { watch, handle, logger } = input;
  const watchers = [
    await watchFiles(input.files, input.rootDir, handle, logger),
    await watchSkills(watch, input.skillsDir, handle, logger),
    ...(await watchOpenapi(
      watch,
      input.registry,
      input.openapi,
      input.documents,
      input.documentOptions,
    )),
  ];
  return watchers.filter((watcher) => watcher !== undefined);
}

/**
 * Under --watch, what keeps the served modules and definitions in step with their files, and
 * has the server tell clients when a definition changed. The watcher (and chokidar) is loaded
 * only then.
 */
async function watchFiles(
  files: ModuleFiles | undefined,
  rootDir: string | undefined,
  handle: ServerHandle,
  logger: Logger,
): Promise<ExtensionsWatcher | undefined> {
  if (files === undefined || rootDir === undefined) return undefined;
  const { watchExtensions } = await import('../extensions/watch-extensions.js');
  return watchExtensions({
    rootDir,
    sync: async (path) => {
      if (await files.sync(path)) handle.definitionsChanged();
    },
    logger,
  });
}

/**
 * Under --watch with --skills-dir, what has the server read the skills again when a file of
 * the directory changes (it then tells clients the resources changed, if they did).
 */
async function watchSkills(
  watch: boolean,
  skillsDir: string | undefined,
  handle: ServerHandle,
  logger: Logger,
): Promise<ExtensionsWatcher | undefined> {
  if (!watch || skillsDir === undefined) return undefined;
  const { watchExtensions } = await import('../extensions/watch-extensions.js');
  return watchExtensions({
    rootDir: skillsDir,
    // The whole directory is read again; only a read that finds a difference is announced.
    sync: async () => handle.definitionsChanged(),
    logger,
  });
}

/** Under --watch, what reloads each local OpenAPI document when it changes. */
async function watchOpenapi(
  watch: boolean,
  registry: Registry,
  sources: OpenapiSources | undefined,
  documents: RegisteredDocuments | undefined,
  options: RegisterDocumentsOptions,
): Promise<ExtensionsWatcher[]> {
  if (!watch || sources === undefined || documents === undefined) return [];
  const { watchDocuments } = await import('../openapi/watch-documents.js');
  return watchDocuments({ ...options, registry, sources, moduleIds: documents.moduleIds });
}
