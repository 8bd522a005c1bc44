import Module, { createRequire, register } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package module files import `defineModule` and the helpers from. */
const CORE_SPECIFIER = '@apcore-mcp/core';

/**
 * The resolve hook, as source: it runs in Node's hooks thread, so it cannot share this file's
 * imports. It lets normal resolution win and steps in only when `@apcore-mcp/core` cannot be
 * found from the importing file.
 */
const HOOK_SOURCE = `
let coreUrl;
export function initialize(data) {
  coreUrl = data.coreUrl;
}
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (specifier !== ${JSON.stringify(CORE_SPECIFIER)} || error?.code !== 'ERR_MODULE_NOT_FOUND') {
      throw error;
    }
    return { url: coreUrl, shortCircuit: true };
  }
}
`;

let registered = false;

/** This package's own entry point as its consumers resolve it; `undefined` if unknown here. */
function resolveOwnEntry(): string | undefined {
  try {
    // A package may import itself by name: this is the very copy that is running.
    return import.meta.resolve(CORE_SPECIFIER);
  } catch {
    return undefined;
  }
}

type ResolveFilename = (request: string, parent: unknown, ...rest: unknown[]) => string;

/**
 * The same fallback for CommonJS: TypeScript in a directory without `"type": "module"` compiles
 * to `require`, which no resolve hook sees. Node offers no public hook for `require` before
 * version 22, so the resolver is wrapped — only failures for this one specifier are touched.
 * (Loading ES modules through `require` needs Node >= 20.19.)
 */
function patchCommonJsResolution(corePath: string): void {
  const loader = Module as unknown as { _resolveFilename?: ResolveFilename };
  const original = loader._resolveFilename;
  if (typeof original !== 'function') return;
  loader._resolveFilename = function resolveFilename(request, parent, ...rest) {
    try {
      return original.call(this, request, parent, ...rest);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (request === CORE_SPECIFIER && code === 'MODULE_NOT_FOUND') return corePath;
      throw error;
    }
  };
}

/**
 * Directories whose files resolve `@apcore-mcp/core` by themselves. Resolution depends only on
 * a file's directory (its `node_modules` chain, its nearest `package.json`), and a discovery
 * asks for every module file: once per directory is enough.
 */
const resolvingDirectories = new Set<string>();

/**
 * Whether `moduleFile` finds a copy of its own. Asked first because the hook has a price: it
 * starts Node's hooks thread, and every later import passes through it.
 */
function canResolveCore(moduleFile: string): boolean {
  const directory = dirname(moduleFile);
  if (resolvingDirectories.has(directory)) return true;
  try {
    createRequire(moduleFile).resolve(CORE_SPECIFIER);
  } catch {
    return false;
  }
  resolvingDirectories.add(directory);
  return true;
}

/**
 * Lets module files import `@apcore-mcp/core` even when their directory has no copy of it
 * installed (an extensions directory served by `npx apcore-mcp`): an `import` (or `require`)
 * that finds no copy of its own gets the one this process runs. A copy the directory does have
 * still wins. Does nothing while `moduleFile` finds a copy of its own; registers at most once
 * per process; does nothing where hooks are unavailable.
 *
 * @example
 * ```ts
 * ensureCoreResolvable('/srv/extensions/tools/echo.js');
 * await import(pathToFileURL('/srv/extensions/tools/echo.js').href);
 * ```
 */
export function ensureCoreResolvable(moduleFile: string): void {
  if (registered || canResolveCore(moduleFile)) return;
  registered = true;
  const coreUrl = resolveOwnEntry();
  if (coreUrl === undefined || !coreUrl.startsWith('file:')) return;
  patchCommonJsResolution(fileURLToPath(coreUrl));
  if (typeof register !== 'function') return;
  register(`data:text/javascript,${encodeURIComponent(HOOK_SOURCE)}`, {
    data: { coreUrl },
  });
}
