import { existsSync } from 'node:fs';
import Module, { register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The packages module files import from: `defineModule` and the helpers from core, and now and
 * then a runtime class (a module that builds its own `Registry`).
 */
const FALLBACK_SPECIFIERS = ['@apcore-mcp/core', '@apcore-mcp/runtime'] as const;

/**
 * What nearly every module file imports, and so what decides whether the hook is needed: a
 * directory with its own core installed is a project that installs what it imports.
 */
const CORE_SPECIFIER = FALLBACK_SPECIFIERS[0];

/** Where each fallback specifier leads in this process: a `file:` URL per specifier. */
type FallbackUrls = Record<string, string>;

/**
 * The resolve hook, as source: it runs in Node's hooks thread, so it cannot share this file's
 * imports. It lets normal resolution win and steps in only when one of the fallback specifiers
 * cannot be found from the importing file.
 */
const HOOK_SOURCE = `
let urls = {};
export function initialize(data) {
  urls = data.urls;
}
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const url = Object.hasOwn(urls, specifier) ? urls[specifier] : undefined;
    if (url === undefined || error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    return { url, shortCircuit: true };
  }
}
`;

let registered = false;

/**
 * The entry points this process runs, as their consumers resolve them: the runtime imports
 * itself by name (a package may), and core is the very copy the runtime depends on. Specifiers
 * that do not resolve to a file here are left out.
 */
function resolveOwnEntries(): FallbackUrls {
  const urls: FallbackUrls = {};
  for (const specifier of FALLBACK_SPECIFIERS) {
    try {
      const url = import.meta.resolve(specifier);
      if (url.startsWith('file:')) urls[specifier] = url;
    } catch {
      // Not resolvable from here: nothing to fall back to for this specifier.
    }
  }
  return urls;
}

type ResolveFilename = (request: string, parent: unknown, ...rest: unknown[]) => string;

/**
 * The same fallback for CommonJS: TypeScript in a directory without `"type": "module"` compiles
 * to `require`, which no resolve hook sees. Node offers no public hook for `require` before
 * version 22, so the resolver is wrapped — only failures for this one specifier are touched.
 * (Loading ES modules through `require` needs Node >= 20.19.)
 */
function patchCommonJsResolution(urls: FallbackUrls): void {
  const loader = Module as unknown as { _resolveFilename?: ResolveFilename };
  const original = loader._resolveFilename;
  if (typeof original !== 'function') return;
  loader._resolveFilename = function resolveFilename(request, parent, ...rest) {
    try {
      return original.call(this, request, parent, ...rest);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      const url = Object.hasOwn(urls, request) ? urls[request] : undefined;
      if (url !== undefined && code === 'MODULE_NOT_FOUND') return fileURLToPath(url);
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
 * starts Node's hooks thread, and every later import passes through it. Looks for an installed
 * copy the way `import` does, in the `node_modules` of the file's directory and its ancestors:
 * `require.resolve` would also follow `NODE_PATH`, which `import` ignores.
 */
function canResolveCore(moduleFile: string): boolean {
  const directory = dirname(moduleFile);
  if (resolvingDirectories.has(directory)) return true;
  for (let current = directory; ; current = dirname(current)) {
    if (existsSync(join(current, 'node_modules', CORE_SPECIFIER, 'package.json'))) {
      resolvingDirectories.add(directory);
      return true;
    }
    if (dirname(current) === current) return false;
  }
}

/**
 * Lets module files import `@apcore-mcp/core` (and `@apcore-mcp/runtime`) even when their
 * directory has no copy of it installed (an extensions directory served by `npx apcore-mcp`): an `import` (or `require`)
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
  const urls = resolveOwnEntries();
  if (Object.keys(urls).length === 0) return;
  patchCommonJsResolution(urls);
  if (typeof register !== 'function') return;
  register(`data:text/javascript,${encodeURIComponent(HOOK_SOURCE)}`, { data: { urls } });
}
