import type { EncodeActionTable } from '@apcore-mcp/annotations';
import type { Logger, RegistryLike } from '@apcore-mcp/core/bridge';
import type { ToolGrouping } from '../grouping/grouping-options.js';
import type { ToolBuilder } from './tool-builder.js';

/**
 * One change to the tool table.
 *
 * @example
 * ```ts
 * table.onChange((change: ToolChange) => console.error(change.type, change.name));
 * ```
 */
export interface ToolChange {
  /** `changed`: a grouped tool whose modules changed (it keeps its name). */
  type: 'added' | 'removed' | 'changed';
  /** The tool name clients see. */
  name: string;
  /** The module behind it (for a grouped tool, its group). */
  moduleId: string;
}

/**
 * Options of {@link ToolTable}.
 *
 * @example
 * ```ts
 * const options: ToolTableOptions = { registry, builder, tags: ['public'] };
 * ```
 */
export interface ToolTableOptions {
  registry: RegistryLike;
  builder: ToolBuilder;
  /** Only modules carrying all of these tags are served. */
  tags?: readonly string[];
  /** Only modules carrying at least one of these tags are served. */
  anyTags?: readonly string[];
  /** Modules carrying any of these tags are not served. */
  excludeTags?: readonly string[];
  /** Only modules whose id starts with this are served. */
  prefix?: string;
  /** How modules are folded into grouped tools; one tool per module when absent. */
  grouping?: ToolGrouping;
  /**
   * Encodes grouped tools' action tables under `toonDescriptions` (`@apcore-mcp/toon`'s
   * `encodeActionTable`); required then, unused otherwise.
   */
  encodeTable?: EncodeActionTable | undefined;
  logger?: Logger;
}
