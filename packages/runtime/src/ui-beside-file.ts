import { dirname, isAbsolute, resolve } from 'node:path';
import { describeUiProblem, type ModuleLike, toModuleUi } from '@apcore-mcp/core/bridge';

/**
 * `module` with its UI file (`ui: './card.html'`) resolved against the directory of the file
 * that exports it, so the server finds it whatever its working directory. A module without a
 * UI file, with an absolute path, or with a malformed `ui` (which `register` then refuses) is
 * returned as it is.
 *
 * @example
 * ```ts
 * const module = withUiBesideFile(loaded, '/app/extensions/catalog/get_product.ts');
 * module.ui; // { file: '/app/extensions/catalog/card.html' }
 * ```
 */
export function withUiBesideFile(module: ModuleLike, modulePath: string): ModuleLike {
  if (module.ui === undefined || module.ui === null || describeUiProblem(module.ui) !== null) {
    return module;
  }
  const ui = toModuleUi(module.ui);
  if (ui.file === undefined || isAbsolute(ui.file)) return module;
  // A module is frozen (defineModule) or a class instance with methods on its prototype: an
  // object inheriting from it keeps both, and carries the resolved path as its own `ui`.
  const resolved: ModuleLike = Object.create(module);
  Object.defineProperty(resolved, 'ui', {
    value: Object.freeze({ ...ui, file: resolve(dirname(modulePath), ui.file) }),
    enumerable: true,
  });
  return resolved;
}
