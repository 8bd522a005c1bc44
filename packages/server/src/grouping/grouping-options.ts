import {
  DEFAULT_MAX_TOOLS,
  GROUPING_MODES,
  type GroupAnnotations,
  type GroupingOption,
  parseGroupingOption,
  resolveGroupAnnotations,
} from '@apcore-mcp/annotations';
import { resolveBoolean, resolveInteger } from '../kernel/read-option.js';
import { rethrowAsInvalidOption } from '../kernel/rethrow-as-invalid-option.js';

/**
 * How the served modules are folded into tools, once validated.
 *
 * @example
 * ```ts
 * const grouping: ToolGrouping = { grouping: 'namespace', maxTools: 40, toonDescriptions: false, groupAnnotations: {} };
 * ```
 */
export interface ToolGrouping {
  grouping: GroupingOption;
  maxTools: number;
  toonDescriptions: boolean;
  /** Annotations stated per group (`orders`), winning over the aggregate of its modules. */
  groupAnnotations: GroupAnnotations;
}

/**
 * The option names read by {@link resolveToolGrouping}.
 *
 * @example
 * ```ts
 * GROUPING_OPTION_NAMES.includes('maxTools'); // true
 * ```
 */
export const GROUPING_OPTION_NAMES = [
  'grouping',
  'maxTools',
  'toonDescriptions',
  'groupAnnotations',
] as const;

type GroupingOptionsInput = Partial<Record<(typeof GROUPING_OPTION_NAMES)[number], unknown>>;

/**
 * Checks the `grouping` option: a mode in any case, or a function.
 *
 * @example
 * ```ts
 * resolveGrouping('Auto'); // 'auto'
 * ```
 */
export function resolveGrouping(value: unknown): GroupingOption {
  const expected = `one of ${GROUPING_MODES.join(', ')} or a function`;
  return rethrowAsInvalidOption({ option: 'grouping', value, expected }, parseGroupingOption);
}

/**
 * Checks the `groupAnnotations` option: annotations by group, a frozen copy.
 *
 * @example
 * ```ts
 * resolveAnnotationsByGroup({ orders: { destructive: true } });
 * ```
 */
export function resolveAnnotationsByGroup(value: unknown): GroupAnnotations {
  const expected = 'an object of annotations by group';
  return rethrowAsInvalidOption(
    { option: 'groupAnnotations', value, expected },
    resolveGroupAnnotations,
  );
}

/**
 * Validates the grouping options (`grouping`, case-insensitive; `maxTools` >= 1, default 40;
 * `toonDescriptions`; `groupAnnotations`), each bad value an `InvalidOptionError` naming it.
 *
 * @example
 * ```ts
 * resolveToolGrouping({ grouping: 'Auto', maxTools: 60 }).grouping; // 'auto'
 * ```
 */
export function resolveToolGrouping(options: GroupingOptionsInput): ToolGrouping {
  return {
    grouping: resolveGrouping(options.grouping),
    maxTools: resolveInteger('maxTools', options.maxTools, DEFAULT_MAX_TOOLS, 1),
    toonDescriptions: resolveBoolean('toonDescriptions', options.toonDescriptions, false),
    groupAnnotations: resolveAnnotationsByGroup(options.groupAnnotations),
  };
}
