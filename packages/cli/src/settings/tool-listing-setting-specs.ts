import type { SettingSpec } from './setting-specs.js';

/** How modules are folded into tools, as `--grouping` spells it. */
export const GROUPING_MODES = ['none', 'namespace', 'auto'] as const;

/** The keys of the settings that shape the tool list: grouping and tool search. */
export type ToolListingSettingKey =
  | 'grouping'
  | 'max-tools'
  | 'toon-descriptions'
  | 'group-annotations'
  | 'tool-search';

/**
 * The settings that shape what `tools/list` shows, as flags, config keys and variables.
 *
 * @example
 * ```ts
 * TOOL_LISTING_SETTING_SPECS.map((spec) => spec.key); // ['grouping', ..., 'tool-search']
 * ```
 */
export const TOOL_LISTING_SETTING_SPECS: readonly SettingSpec[] = [
  {
    key: 'grouping',
    kind: 'choice',
    choices: GROUPING_MODES,
    defaultValue: 'none',
    description:
      'Fold modules into tools: none (one per module), namespace (orders.* -> one "orders" tool with an action field), auto (namespace above --max-tools)',
  },
  {
    key: 'max-tools',
    kind: 'integer',
    minimum: 1,
    defaultValue: 40,
    description: 'With --grouping auto: group by namespace once more modules than this are served',
  },
  {
    key: 'toon-descriptions',
    kind: 'boolean',
    defaultValue: false,
    description: "Encode grouped tools' action tables in TOON (fewer tokens)",
  },
  {
    key: 'group-annotations',
    kind: 'group-annotations',
    description:
      "Annotations stated per group, winning over its modules': GROUP.FLAG or GROUP.FLAG=false, comma-separated (orders.destructive,catalog.openWorld=false)",
  },
  {
    key: 'tool-search',
    kind: 'boolean',
    defaultValue: false,
    description:
      'List two tools, search_tools and call_tool, instead of every module (for large registries)',
    serveOnly: true,
  },
];
