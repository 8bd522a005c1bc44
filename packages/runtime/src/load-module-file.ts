import { createRequire } from 'node:module';
import { extname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ModuleLoadError } from '@apcore-mcp/core';
import {
  type Definition,
  describeModuleProblem,
  isDefinition,
  isRecord,
  type ModuleLike,
} from '@apcore-mcp/core/bridge';
import { ensureCoreResolvable } from './core-fallback-resolution.js';
import { withUiBesideFile } from './ui-beside-file.js';

/** Options of {@link loadModuleFile}. */
export interface LoadModuleFileOptions {
  /**
   * Bypass the module cache so an edited file is read again. For TypeScript the whole graph of
   * TypeScript files it imports is read again; for JavaScript only the file itself.
   */
  fresh?: boolean;
}

/** File extensions loaded through tsx. */
const TYPESCRIPT_EXTENSIONS = new Set(['.ts', '.mts', '.cts']);

type ScopedImport = (specifier: string, parentUrl: string) => Promise<unknown>;

let sharedTypeScriptImport: Promise<ScopedImport> | undefined;
let freshCounter = 0;

/**
 * A tsx loader scope. One scope is shared by ordinary loads; every fresh load gets its own so
 * that tsx's cache (keyed by scope) cannot serve an old version of any file in the graph.
 */
async function createTypeScriptImport(namespace: string): Promise<ScopedImport> {
  const [esm, cjs] = await Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]);
  // TypeScript files in a CommonJS package compile to `require` calls: the CommonJS hook of the
  // same scope must be there to load the TypeScript files they require.
  cjs.register({ namespace });
  const scope = esm.register({ namespace });
  return (specifier, parentUrl) => scope.import(specifier, parentUrl) as Promise<unknown>;
}

/** Matches require-cache keys of TypeScript files outside node_modules (tsx may add a query). */
const TYPESCRIPT_CACHE_KEY = /^(?!.*[\\/]node_modules[\\/]).*\.[cm]?tsx?(\?.*)?$/;

/**
 * TypeScript compiled to CommonJS (in a package without `"type": "module"`) requires its
 * TypeScript imports through require's cache, which tsx shares between scopes: forget those
 * entries so a fresh load reads them again. Modules already loaded keep their own copies.
 */
function forgetCommonJsTypeScript(): void {
  const cache = createRequire(import.meta.url).cache;
  for (const key of Object.keys(cache)) {
    if (TYPESCRIPT_CACHE_KEY.test(key)) delete cache[key];
  }
}

async function importTypeScript(fileUrl: string, fresh: boolean): Promise<unknown> {
  let scopedImport: Promise<ScopedImport>;
  if (fresh) {
    forgetCommonJsTypeScript();
    freshCounter += 1;
    scopedImport = createTypeScriptImport(`apcore-mcp-fresh-${process.pid}-${freshCounter}`);
  } else {
    sharedTypeScriptImport ??= createTypeScriptImport(`apcore-mcp-${process.pid}`);
    scopedImport = sharedTypeScriptImport;
  }
  return (await scopedImport)(fileUrl, import.meta.url);
}

async function importJavaScript(filePath: string, fresh: boolean): Promise<unknown> {
  const fileUrl = pathToFileURL(filePath).href;
  if (!fresh) return import(fileUrl);
  // CommonJS files live in require's cache, which a URL query does not bypass.
  delete createRequire(import.meta.url).cache[filePath];
  freshCounter += 1;
  return import(`${fileUrl}?v=${Date.now()}-${freshCounter}`);
}

/** A class whose instances are modules (other apcore runtimes export module classes). */
function isModuleClass(value: unknown): value is new () => unknown {
  if (typeof value !== 'function' || !isRecord(value.prototype)) return false;
  const prototype = value.prototype as Record<string, unknown>;
  return typeof prototype.execute === 'function' || typeof prototype.stream === 'function';
}

function instantiate(value: unknown): unknown {
  return isModuleClass(value) ? new value() : value;
}

/**
 * The module a file's namespace exports: its default export or its named export `module`.
 * CommonJS files reach us wrapped once more (`default.default`), so one level is unwrapped.
 */
export function pickModuleExport(namespace: unknown): ModuleLike | string {
  if (typeof namespace !== 'object' || namespace === null) return 'exports nothing';
  const present = exportCandidates(namespace).filter(
    (candidate) => candidate !== undefined && candidate !== null,
  );
  let firstProblem: string | null = null;
  for (const candidate of present) {
    const instance = instantiate(candidate);
    const problem = describeModuleProblem(instance);
    if (problem === null) return instance as ModuleLike;
    firstProblem ??= `its export ${problem}`;
  }
  return (
    firstProblem ?? 'exports no module (expected a default export or an export named `module`)'
  );
}

/** The exports a module or definition may sit under, one CommonJS wrapping unwrapped. */
function exportCandidates(namespace: unknown): unknown[] {
  if (typeof namespace !== 'object' || namespace === null) return [];
  const exports = namespace as Record<string, unknown>;
  const candidates: unknown[] = [exports.default, exports.module];
  if (isRecord(exports.default)) candidates.push(exports.default.default, exports.default.module);
  return candidates;
}

/**
 * The definition (`defineResource`, `defineResourceTemplate`, `definePrompt`) a file's namespace
 * exports as its default export, if any.
 *
 * @example
 * ```ts
 * pickDefinitionExport({ default: defineResource({ ... }) }); // the resource
 * ```
 */
export function pickDefinitionExport(namespace: unknown): Definition | undefined {
  return exportCandidates(namespace).find((candidate) => isDefinition(candidate)) as
    | Definition
    | undefined;
}

/**
 * What an extensions file exports: a module (as {@link loadModuleFile} loads it) or a
 * definition of a resource, resource template or prompt.
 *
 * @example
 * ```ts
 * const loaded: ExtensionFileExport = await loadExtensionFile(path);
 * if ('definition' in loaded) console.error(loaded.definition.kind);
 * ```
 */
export type ExtensionFileExport = { module: ModuleLike } | { definition: Definition };

/** The loader's bookkeeping in messages: tsx's scope queries and Node's require stack. */
const LOADER_NOISE = [/\?namespace=[\w-]+/g, /\n\s*Require stack:(\n\s*- .*)*/g];

function describeFailure(error: unknown): string {
  let text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  for (const pattern of LOADER_NOISE) text = text.replace(pattern, '');
  return text.trimEnd();
}

/**
 * Imports one module file and returns the module it exports (default export, or the named
 * export `module`; a module class is instantiated; a relative `ui` file is resolved against
 * the module file's directory). TypeScript (`.ts .mts .cts`) loads through
 * tsx, JavaScript through a native dynamic import. A relative path is resolved against the
 * working directory.
 *
 * @throws {ModuleLoadError} `details.path` and `details.reason` say which file failed and why;
 * the original failure is the `cause`.
 * @example
 * ```ts
 * const module = await loadModuleFile('/app/extensions/image/resize.ts', { fresh: true });
 * registry.register('image.resize', module);
 * ```
 */
export async function loadModuleFile(
  path: string,
  options: LoadModuleFileOptions = {},
): Promise<ModuleLike> {
  const loaded = await loadExtensionFile(path, options);
  if ('module' in loaded) return loaded.module;
  throw new ModuleLoadError({
    path: resolve(path),
    reason: `exports a ${loaded.definition.kind} definition, not a module`,
  });
}

/**
 * Imports one file of an extensions directory and returns what it exports: a definition made by
 * a `define*` function of `@apcore-mcp/core` (its default export), else a module as
 * {@link loadModuleFile} finds it.
 *
 * @throws {ModuleLoadError} when the file fails to import or exports neither.
 * @example
 * ```ts
 * const loaded = await loadExtensionFile('/app/extensions/prompts/greet.ts');
 * ```
 */
export async function loadExtensionFile(
  path: string,
  options: LoadModuleFileOptions = {},
): Promise<ExtensionFileExport> {
  const fresh = options.fresh ?? false;
  const filePath = resolve(path);
  ensureCoreResolvable(filePath);
  let namespace: unknown;
  try {
    namespace = TYPESCRIPT_EXTENSIONS.has(extname(filePath))
      ? await importTypeScript(pathToFileURL(filePath).href, fresh)
      : await importJavaScript(filePath, fresh);
  } catch (error) {
    throw new ModuleLoadError({ path: filePath, reason: describeFailure(error), cause: error });
  }
  const definition = pickDefinitionExport(namespace);
  if (definition !== undefined) return { definition };
  const picked = pickModuleExport(namespace);
  if (typeof picked === 'string') throw new ModuleLoadError({ path: filePath, reason: picked });
  return { module: withUiBesideFile(picked, filePath) };
}
