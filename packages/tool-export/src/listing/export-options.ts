import {
  type EncodeActionTable,
  type GroupAnnotations,
  type GroupingOption,
  parseGroupingOption,
  parseMaxTools,
  resolveGroupAnnotations,
} from '@apcore-mcp/annotations';
import { type Logger, type ModuleFilter, toModuleFilter } from '@apcore-mcp/core/bridge';
import { InvalidArgumentError } from '../invalid-argument-error.js';

/**
 * Which modules an export takes, and how it groups them: the options every provider's export
 * shares, with the MCP server's meanings.
 *
 * @example
 * ```ts
 * const options: ExportToolsOptions = { tags: ['image'], grouping: 'namespace' };
 * ```
 */
export interface ExportToolsOptions {
  /**
   * Append the annotation suffix (`\n\n[Annotations: readonly=true]`, a group's aggregate) and
   * the `mcp_`-prefixed keys of `annotations.extra` to the descriptions.
   */
  embedAnnotations?: boolean;
  /** Only modules that have every one of these tags. Each must be a non-empty string. */
  tags?: readonly string[];
  /** Only modules that have at least one of these tags. Each must be a non-empty string. */
  anyTags?: readonly string[];
  /** Leave out modules that have any of these tags. Each must be a non-empty string. */
  excludeTags?: readonly string[];
  /** Only modules whose id starts with this. Must be non-empty. */
  prefix?: string;
  /** Receives a warning for every skipped module. */
  logger?: Logger;
  /**
   * Fold modules into grouped tools, as the MCP server's `grouping` option does: `'none'`
   * (default), `'namespace'`, `'auto'` (above `maxTools` modules) or a function.
   */
  grouping?: GroupingOption;
  /** The tool count `grouping: 'auto'` keeps to; default 40. */
  maxTools?: number;
  /** Encodes grouped tools' action tables (pass `@apcore-mcp/toon`'s `encodeActionTable` for TOON). */
  encodeTable?: EncodeActionTable;
  /** Annotations stated per group, winning over the aggregate of its modules. */
  groupAnnotations?: GroupAnnotations;
}

/** The grouping options, parsed once. */
export interface GroupingSettings {
  grouping: GroupingOption;
  maxTools: number;
  groupAnnotations: GroupAnnotations;
}

/**
 * The grouping options, checked.
 *
 * @throws {InvalidArgumentError} naming the option that is wrong.
 */
export function readGrouping(options: ExportToolsOptions): GroupingSettings {
  try {
    return {
      grouping: parseGroupingOption(options.grouping),
      maxTools: parseMaxTools(options.maxTools),
      groupAnnotations: resolveGroupAnnotations(options.groupAnnotations),
    };
  } catch (error) {
    const message = (error as Error).message;
    const argument = ['maxTools', 'groupAnnotations'].find((name) => message.includes(name));
    throw new InvalidArgumentError(message, { argument: argument ?? 'grouping' });
  }
}

const TAG_LISTS = ['tags', 'anyTags', 'excludeTags'] as const;

/**
 * The module filter of the options, checked.
 *
 * @throws {InvalidArgumentError} for a tag list that is not non-empty strings, or an empty prefix.
 */
export function readFilters(options: ExportToolsOptions): ModuleFilter {
  for (const argument of TAG_LISTS) {
    const tags: unknown = options[argument];
    if (tags === undefined || tags === null) continue;
    if (!Array.isArray(tags) || tags.some((tag) => typeof tag !== 'string' || tag === '')) {
      throw new InvalidArgumentError(`${argument} must be a list of non-empty strings`, {
        argument,
      });
    }
  }
  const { prefix } = options;
  if (prefix !== undefined && prefix !== null && (typeof prefix !== 'string' || prefix === '')) {
    throw new InvalidArgumentError('prefix must be a non-empty string', { argument: 'prefix' });
  }
  return toModuleFilter(options);
}
