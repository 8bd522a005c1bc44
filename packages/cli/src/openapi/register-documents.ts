import type { Logger } from '@apcore-mcp/core/bridge';
import {
  OpenapiError,
  type OpenapiModule,
  type OpenapiOptions,
  registerOpenapi,
} from '@apcore-mcp/openapi';
import type { Registry } from '@apcore-mcp/runtime';
import { CliError } from '../cli-error.js';
import type { OpenapiDocumentSource, OpenapiSources } from './read-openapi-sources.js';

/** What {@link registerDocuments} needs beside the registry and the documents. */
export interface RegisterDocumentsOptions {
  logger: Logger;
  /** Whether an extensions directory is served too (every document then needs a prefix). */
  withExtensions: boolean;
  /** The base of a relative document path: the working directory. */
  projectRoot: string;
}

/** The first line of what went wrong, with the file system's code when a file did not read. */
function reasonOf(error: OpenapiError): string {
  const code = (error.cause as NodeJS.ErrnoException | undefined)?.code;
  const reason = error.message.trim().replace(/\s*\n\s*/g, '; ');
  return code === undefined ? reason : `${reason} (${code})`;
}

/**
 * The package's options for one document: its prefix, the shared base URL, headers and timeout.
 *
 * @example
 * ```ts
 * await openapiModules(document.location, openapiOptionsOf(document, sources, options));
 * ```
 */
export function openapiOptionsOf(
  document: OpenapiDocumentSource,
  sources: OpenapiSources,
  options: RegisterDocumentsOptions,
): OpenapiOptions {
  return {
    ...(document.prefix === undefined ? {} : { prefix: document.prefix }),
    ...(sources.baseUrl === undefined ? {} : { baseUrl: sources.baseUrl }),
    ...(sources.timeoutMs === undefined ? {} : { timeoutMs: sources.timeoutMs }),
    headers: sources.headers,
    allowExternalRefs: sources.allowExternalRefs,
    projectRoot: options.projectRoot,
    mixedSources: options.withExtensions || sources.documents.length > 1,
    logger: options.logger,
  };
}

/**
 * An error of the package as one line naming the document and why (no stack).
 *
 * @example
 * ```ts
 * logger.warn(describeOpenapiError(error));
 * ```
 */
export function describeOpenapiError(error: unknown): string {
  return OpenapiError.isInstance(error)
    ? reasonOf(error)
    : `the document could not be served: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
}

function toCliError(error: unknown, document: OpenapiDocumentSource): unknown {
  if (!OpenapiError.isInstance(error)) return error;
  const message =
    error.details.reason === 'id-collision'
      ? `${reasonOf(error)} (--openapi ${document.location}: give each document its own --openapi-prefix, in --openapi order)`
      : reasonOf(error);
  return new CliError(message, {
    code: 'INVALID_ARGUMENT',
    details: { setting: 'openapi', location: document.location, reason: error.details.reason },
    cause: error,
  });
}

/** An operation left out: its document, its id when it has one, and why. */
export interface SkippedOperationEntry {
  document: string;
  moduleId?: string;
  /** `GET /users/{id}: why`. */
  reason: string;
}

/** The modules the documents gave, and the operations they left out. */
export interface RegisteredDocuments {
  modules: OpenapiModule[];
  skipped: SkippedOperationEntry[];
  /** The module ids each document registered, by its location. */
  moduleIds: Map<string, string[]>;
}

/** Several sources of modules need a prefix per document, so ids cannot collide by accident. */
function requirePrefixes(sources: OpenapiSources, withExtensions: boolean): void {
  const mixed = withExtensions || sources.documents.length > 1;
  const unprefixed = sources.documents.find(({ prefix }) => prefix === undefined);
  if (!mixed || unprefixed === undefined) return;
  const beside = withExtensions ? 'beside --extensions-dir' : 'beside another document';
  throw new CliError(
    `--openapi ${unprefixed.location} is served ${beside} and needs a prefix for its module ids: pass --openapi-prefix NAME (one for all documents, or one per --openapi in the same order)`,
    { code: 'INVALID_ARGUMENT', details: { setting: 'openapi-prefix' } },
  );
}

/**
 * Registers the operations of every `--openapi` document in `registry`, each called with the
 * configured base URL, headers and timeout. Skipped operations are logged as warnings (by the
 * package, through `logger`).
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1), one line naming the document and why: a
 *   missing prefix, a document that does not load, ids that collide.
 * @example
 * ```ts
 * const { modules, skipped } = await registerDocuments(registry, sources, { logger, withExtensions: false, projectRoot: cwd });
 * ```
 */
export async function registerDocuments(
  registry: Pick<Registry, 'list' | 'register'>,
  sources: OpenapiSources,
  options: RegisterDocumentsOptions,
): Promise<RegisteredDocuments> {
  requirePrefixes(sources, options.withExtensions);
  const registered: RegisteredDocuments = { modules: [], skipped: [], moduleIds: new Map() };
  for (const document of sources.documents) {
    try {
      const result = await registerOpenapi(
        registry,
        document.location,
        openapiOptionsOf(document, sources, options),
      );
      registered.moduleIds.set(
        document.location,
        result.modules.map(({ moduleId }) => moduleId),
      );
      options.logger.info(
        {
          openapi: document.location,
          loaded: result.modules.length,
          skipped: result.skipped.length,
        },
        `Loaded ${result.modules.length} operations from ${document.location}${result.skipped.length > 0 ? ` (${result.skipped.length} skipped)` : ''}`,
      );
      registered.modules.push(...result.modules);
      for (const { operation, moduleId, reason } of result.skipped) {
        registered.skipped.push({
          document: document.location,
          ...(moduleId === undefined ? {} : { moduleId }),
          reason: `${operation.method} ${operation.path}: ${reason}`,
        });
      }
    } catch (error) {
      throw toCliError(error, document);
    }
  }
  return registered;
}
