import type { ModuleDefinition } from '@apcore-mcp/core';
import { isRecord, type Logger, silentLogger } from '@apcore-mcp/core/bridge';
import { loadDocument } from './document/load-document.js';
import { resolveBaseUrl } from './modules/base-url.js';
import { UnconvertibleSchemaError } from './modules/json-schema.js';
import { HTTP_METHODS, type HttpMethod } from './modules/method-annotations.js';
import {
  deduplicateModuleId,
  deriveModuleId,
  findIllegalSegment,
  prefixModuleId,
} from './modules/module-ids.js';
import {
  type CallSettings,
  createOperationModule,
  type OperationSource,
} from './modules/operation-module.js';
import { OpenapiError } from './openapi-error.js';
import { DEFAULTS, type OpenapiOptions, type OpenapiSpec } from './options.js';

/** An operation of the document: its method (upper case), path and `operationId`. */
export interface OpenapiOperation {
  method: string;
  path: string;
  operationId?: string;
}

/** One module made from an operation. */
export interface OpenapiModule {
  moduleId: string;
  /** What `Registry.register(moduleId, module)` takes. */
  module: ModuleDefinition;
  operation: OpenapiOperation;
}

/** An operation served by no module, and why. */
export interface SkippedOperation {
  operation: OpenapiOperation;
  /** The id it would have had, when it got that far. */
  moduleId?: string;
  reason: string;
}

/** What {@link openapiModules} found. */
export interface OpenapiModulesResult {
  modules: OpenapiModule[];
  skipped: SkippedOperation[];
  /** Renamed ids and other notes, also logged as warnings. */
  warnings: string[];
}

function describeOperation({ path, method, operation }: OperationSource): OpenapiOperation {
  return {
    method: method.toUpperCase(),
    path,
    ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId } : {}),
  };
}

function* operationsOf(document: Record<string, unknown>): Generator<OperationSource> {
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isRecord(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isRecord(operation)) yield { path, method: method as HttpMethod, pathItem, operation };
    }
  }
}

/** Why an operation gets no module before its schemas are read, if it gets none. */
function refusalOf(source: OperationSource, moduleId: string): string | undefined {
  if (source.method === 'trace') return 'TRACE requests cannot be sent (fetch forbids the method)';
  const segment = findIllegalSegment(moduleId);
  if (segment === null) return undefined;
  return segment === ''
    ? 'its module id is empty'
    : `its module id ${moduleId} has the segment "${segment}", which does not start with a letter; give the operation an operationId`;
}

interface Scan {
  result: OpenapiModulesResult;
  taken: Set<string>;
  logger: Logger;
}

function skip(scan: Scan, source: OperationSource, reason: string, moduleId?: string): void {
  const operation = describeOperation(source);
  scan.result.skipped.push({ operation, reason, ...(moduleId === undefined ? {} : { moduleId }) });
  scan.logger.warn(
    { operation, moduleId },
    `OpenAPI operation ${operation.method} ${operation.path} skipped${moduleId === undefined ? '' : ` (${moduleId})`}: ${reason}`,
  );
}

function addOperation(
  scan: Scan,
  source: OperationSource,
  settings: CallSettings,
  prefix?: string,
) {
  const derived = prefixModuleId(
    prefix,
    deriveModuleId(source.path, source.method, source.operation.operationId),
  );
  const refusal = refusalOf(source, derived);
  if (refusal !== undefined) return skip(scan, source, refusal, derived);
  const moduleId = deduplicateModuleId(derived, scan.taken);
  let module: ModuleDefinition;
  try {
    module = createOperationModule(moduleId, source, settings);
  } catch (error) {
    if (!(error instanceof UnconvertibleSchemaError)) throw error;
    return skip(scan, source, error.message, moduleId);
  }
  scan.taken.add(moduleId);
  if (moduleId !== derived) {
    const warning = `${derived} renamed to ${moduleId}: another operation already has that id`;
    scan.result.warnings.push(warning);
    scan.logger.warn({ moduleId, derived }, `OpenAPI module ${warning}`);
  }
  scan.result.modules.push({ moduleId, module, operation: describeOperation(source) });
}

/**
 * The modules of an OpenAPI 3.0 / 3.1 document, one per operation, ready for
 * `Registry.register(moduleId, module)`. Ids are in apcore's alphabet (`listPets` ->
 * `list_pets`; without an operationId, `/users/{user_id}` GET -> `users.user_id.get`), behind
 * `prefix`; a repeated id is renamed `_2`, `_3`, ... with a warning. An operation whose id
 * cannot be made legal, or whose schemas cannot be converted, is skipped with a reason (and a
 * warning); the others are served. Each module's calls go to `baseUrl` with the configured
 * `headers` only.
 *
 * @throws {OpenapiError} when the document cannot be read or is not OpenAPI 3.0 / 3.1, refers
 *   to other documents (without `allowExternalRefs`), names no server (without `baseUrl`), or
 *   `mixedSources` is set without a `prefix`.
 * @example
 * ```ts
 * const { modules, skipped } = await openapiModules('./petstore.yaml', { baseUrl: 'http://127.0.0.1:4010' });
 * for (const { moduleId, module } of modules) registry.register(moduleId, module);
 * ```
 */
export async function openapiModules(
  spec: OpenapiSpec,
  options: OpenapiOptions = {},
): Promise<OpenapiModulesResult> {
  if (
    options.mixedSources === true &&
    (options.prefix === undefined || options.prefix.trim() === '')
  ) {
    throw new OpenapiError(
      'prefix-required',
      'An OpenAPI document served beside other modules needs a prefix (the prefix option, --openapi-prefix), so the ids cannot collide by accident',
    );
  }
  const { document, version } = await loadDocument(spec, options);
  const settings: CallSettings = {
    version,
    baseUrl: resolveBaseUrl(document, options.baseUrl),
    headers: { ...options.headers },
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULTS.maxResponseBytes,
  };
  const scan: Scan = {
    result: { modules: [], skipped: [], warnings: [] },
    taken: new Set(),
    logger: options.logger ?? silentLogger,
  };
  for (const source of operationsOf(document)) addOperation(scan, source, settings, options.prefix);
  if (scan.result.modules.length === 0)
    scan.logger.warn('The OpenAPI document has no operation to serve');
  return scan.result;
}
