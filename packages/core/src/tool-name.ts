import { InvalidToolNameError } from './errors/tool-name-errors.js';

/**
 * How modules are named as tools:
 * - `'safe'` (the default): names every common client accepts (`^[a-zA-Z0-9_-]{1,64}$`; Claude
 *   Desktop withholds a whole server over one name that fails it), see {@link toToolName};
 * - `'module-id'`: the module id itself (`catalog.get_product`), for clients known to take dots.
 *
 * @example
 * ```ts
 * const style: ToolNameStyle = 'safe';
 * ```
 */
export type ToolNameStyle = 'safe' | 'module-id';

/**
 * The tool name styles, default first.
 *
 * @example
 * ```ts
 * TOOL_NAME_STYLES.includes(value as ToolNameStyle);
 * ```
 */
export const TOOL_NAME_STYLES: readonly ToolNameStyle[] = Object.freeze(['safe', 'module-id']);

/**
 * The tool names every common client accepts: Claude Desktop and claude.ai, Cursor, VS Code, and
 * OpenAI's function names.
 *
 * @example
 * ```ts
 * SAFE_TOOL_NAME_PATTERN.test('catalog-get_product'); // true
 * ```
 */
export const SAFE_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The longest safe tool name.
 *
 * @example
 * ```ts
 * toToolName(longId).length <= MAX_TOOL_NAME_LENGTH; // true
 * ```
 */
export const MAX_TOOL_NAME_LENGTH = 64;

/**
 * The tool `_meta` key that carries the module id a tool runs, whatever its name.
 *
 * @example
 * ```ts
 * const moduleId = tool._meta?.[MODULE_ID_META_KEY]; // 'catalog.get_product'
 * ```
 */
export const MODULE_ID_META_KEY = 'apcore/moduleId';

/** Characters a module id may hold for its safe name: dots become hyphens. */
const NAMEABLE_ID_PATTERN = /^[a-zA-Z0-9_.]+$/;

/** `_` and eight hex digits: what a shortened name ends with. */
const HASH_SUFFIX_LENGTH = 9;

/**
 * The tool name of a module id.
 *
 * With `'safe'` every `.` becomes `-` (`catalog.get_product` -> `catalog-get_product`); module
 * ids never hold `-`, so distinct ids get distinct names. A name that would pass 64 characters
 * keeps a readable head and ends with `_` and eight hex digits of a hash of the whole id, so it
 * is the same on every run and machine. With `'module-id'` the id is the name.
 *
 * A tool name is mapped back to its module through the table of served tools, never by
 * reversing this replacement: a shortened name has no reverse.
 *
 * @throws {InvalidToolNameError} when the id is empty, or (`'safe'`) holds a hyphen or
 *   characters outside `[a-zA-Z0-9_.]`.
 * @example
 * ```ts
 * toToolName('catalog.get_product'); // 'catalog-get_product'
 * toToolName('catalog.get_product', 'module-id'); // 'catalog.get_product'
 * ```
 */
export function toToolName(moduleId: string, style: ToolNameStyle = 'safe'): string {
  if (typeof moduleId !== 'string' || moduleId.length === 0) {
    throw new InvalidToolNameError({
      message: 'A module id must be a non-empty string to be named as a tool',
      moduleId: String(moduleId),
      reason: 'empty',
    });
  }
  if (style === 'module-id') return moduleId;
  if (moduleId.includes('-')) {
    throw new InvalidToolNameError({
      message: `Module id "${moduleId}" contains a hyphen, which is reserved for the dot replacement in tool names`,
      moduleId,
      reason: 'reserved-hyphen',
    });
  }
  if (!NAMEABLE_ID_PATTERN.test(moduleId)) {
    throw new InvalidToolNameError({
      message: `Module id "${moduleId}" contains characters not allowed in tool names (^[a-zA-Z0-9_-]{1,64}$ once dots become hyphens)`,
      moduleId,
      reason: 'invalid-characters',
    });
  }
  const name = moduleId.replaceAll('.', '-');
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  const head = name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_SUFFIX_LENGTH).replace(/[-_]+$/, '');
  return `${head}_${hashModuleId(moduleId)}`;
}

/**
 * Whether `name` is a tool name every common client accepts ({@link SAFE_TOOL_NAME_PATTERN}).
 *
 * @example
 * ```ts
 * isSafeToolName('catalog-get_product'); // true
 * isSafeToolName('catalog.get_product'); // false
 * ```
 */
export function isSafeToolName(name: string): boolean {
  return SAFE_TOOL_NAME_PATTERN.test(name);
}

/**
 * Eight hex digits of the 32-bit FNV-1a hash of the id: deterministic, dependency-free and the
 * same in every JavaScript runtime. A collision is not silent: the tool table refuses it.
 */
function hashModuleId(moduleId: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < moduleId.length; index += 1) {
    hash ^= moduleId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
