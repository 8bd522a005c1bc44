import { type ModuleErrorLike, readProperty } from '@apcore-mcp/core/bridge';

/** apcore codes are UPPER_SNAKE_CASE; the bound keeps a hostile code from becoming an essay. */
const APCORE_CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,99}$/;

/** errno-style codes (`ENOENT`, `EACCES`, `ECONNREFUSED`): capitals after an E, no underscore. */
const ERRNO_CODE_PATTERN = /^E[A-Z0-9]+$/;

/**
 * Node's own failures (`fs`, `net`, internal argument checks) also carry a string `code`, but
 * they are unexpected failures, not module errors: their messages hold paths and addresses.
 */
function isNodeSystemError(value: unknown, code: string): boolean {
  if (code.startsWith('ERR_') || ERRNO_CODE_PATTERN.test(code)) {
    return true;
  }
  return (
    typeof readProperty(value, 'errno') === 'number' || readProperty(value, 'syscall') !== undefined
  );
}

/**
 * Whether a thrown value is an apcore module error, from any runtime: an object with an
 * UPPER_SNAKE_CASE string `code` and a string `message`. Recognised by shape, never by class,
 * so errors from `@apcore-mcp/core`, apcore-js or a plain object all qualify. Node system errors
 * (`ENOENT`, `ERR_*`, anything with `errno`/`syscall`) do not: they are unexpected failures.
 *
 * @example
 * ```ts
 * isModuleErrorLike({ code: 'ACL_DENIED', message: 'denied', details: {} }); // true
 * isModuleErrorLike(new Error('boom')); // false
 * ```
 */
export function isModuleErrorLike(value: unknown): value is ModuleErrorLike {
  return readModuleErrorCode(value) !== undefined;
}

/**
 * The apcore error code of a thrown value, or `undefined` when it is not a module error (see
 * {@link isModuleErrorLike}). Reads `code` once, so a getter cannot answer differently later.
 */
export function readModuleErrorCode(value: unknown): string | undefined {
  const code = readProperty(value, 'code');
  if (typeof code !== 'string' || !APCORE_CODE_PATTERN.test(code)) {
    return undefined;
  }
  if (typeof readProperty(value, 'message') !== 'string' || isNodeSystemError(value, code)) {
    return undefined;
  }
  return code;
}
