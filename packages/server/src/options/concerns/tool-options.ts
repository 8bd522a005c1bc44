// Which tools are served, under which names, by which server.
import {
  DEFAULT_MAX_TOOLS,
  GROUPING_MODES,
  type GroupAnnotations,
  type GroupingOption,
} from '@apcore-mcp/annotations';
import type { ModuleAnnotations } from '@apcore-mcp/core';
import { TOOL_NAME_STYLES } from '@apcore-mcp/core/bridge';
import { resolveAnnotationsByGroup, resolveGrouping } from '../../grouping/grouping-options.js';
import { type CacheHints, resolveCacheHints } from '../../kernel/cache-hints.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { SERVER_VERSION } from '../../kernel/package-version.js';
import { booleanOption, choiceOption, integerOption } from '../../kernel/primitive-options.js';
import {
  MAX_NAME_LENGTH,
  resolveName,
  resolvePrefix,
  resolveTags,
  resolveVersion,
} from './read-tool-options.js';

type Tags = readonly string[];

/**
 * The options of `serve()` that shape the tool list, declared once.
 *
 * @example
 * ```ts
 * TOOL_OPTIONS.maxTools.defaultValue; // 40
 * ```
 */
export const TOOL_OPTIONS = {
  /** Server name reported to clients; default `apcore-mcp`, 1..255 characters. */
  name: declareOption<string, string>({
    expected: `a string of 1 to ${MAX_NAME_LENGTH} characters`,
    defaultValue: 'apcore-mcp',
    limits: { maxLength: MAX_NAME_LENGTH },
    resolve: resolveName,
    cli: [
      { key: 'name', kind: 'name', help: 'Server name reported to clients, 1..255 characters' },
    ],
  }),
  /** Server version reported to clients; default this package's version. */
  version: declareOption<string, string>({
    expected: 'a non-empty string',
    defaultValue: SERVER_VERSION,
    resolve: resolveVersion,
    cli: [{ key: 'server-version', kind: 'text', help: 'Server version reported to clients' }],
  }),
  /** Serve only modules carrying all of these tags. */
  tags: declareOption<Tags, Tags | undefined>({
    expected: 'an array of non-empty tags',
    defaultValue: undefined,
    resolve: resolveTags,
    cli: [
      {
        key: 'tags',
        kind: 'list',
        help: 'Only modules carrying all of these tags (comma-separated)',
      },
    ],
  }),
  /** Serve only modules carrying at least one of these tags (with `tags` and `excludeTags`: AND). */
  anyTags: declareOption<Tags, Tags | undefined>({
    expected: 'an array of non-empty tags',
    defaultValue: undefined,
    resolve: resolveTags,
    cli: [
      {
        key: 'any-tags',
        kind: 'list',
        help: 'Only modules carrying at least one of these tags (comma-separated)',
      },
    ],
  }),
  /** Serve no module carrying any of these tags. */
  excludeTags: declareOption<Tags, Tags | undefined>({
    expected: 'an array of non-empty tags',
    defaultValue: undefined,
    resolve: resolveTags,
    cli: [
      {
        key: 'exclude-tags',
        kind: 'list',
        help: 'Leave out modules carrying any of these tags (comma-separated)',
      },
    ],
  }),
  /** Serve only modules whose id starts with this prefix. */
  prefix: declareOption<string, string | undefined>({
    expected: 'a module id prefix',
    defaultValue: undefined,
    resolve: resolvePrefix,
    cli: [{ key: 'prefix', kind: 'text', help: 'Only modules whose id starts with this' }],
  }),
  /**
   * How modules are named as tools. `'safe'` (default): names every common client accepts
   * (`catalog.get_product` -> `catalog-get_product`; over 64 characters, a readable head and a
   * hash), the same names the OpenAI export gives. `'module-id'`: the module ids themselves, for
   * clients known to accept dots. Case-insensitive.
   */
  toolNames: choiceOption({
    choices: TOOL_NAME_STYLES,
    defaultValue: 'safe',
    cli: [
      {
        key: 'tool-names',
        kind: 'choice',
        help: 'Tool names: safe (catalog-get_product, accepted by every common client) or module-id (catalog.get_product)',
      },
    ],
  }),
  /**
   * Folds many modules into few tools: `'none'` (default), `'namespace'` (the modules sharing an
   * id prefix, `orders.place_order` + `orders.cancel_order`, become the tool `orders` with a
   * required `action` field), `'auto'` (`'namespace'` once more than `maxTools` modules are
   * served), `'tag'` (the modules sharing their first tag, an OpenAPI document's operations by
   * tag, become the tool named after it), or `(moduleId) => groupName | undefined`. Modes are
   * case-insensitive.
   */
  grouping: declareOption<GroupingOption, GroupingOption>({
    expected: `one of ${GROUPING_MODES.join(', ')} or a function`,
    defaultValue: 'none',
    limits: { choices: GROUPING_MODES },
    resolve: resolveGrouping,
    cli: [
      {
        key: 'grouping',
        kind: 'choice',
        help: 'Fold modules into tools: none (one per module), namespace (orders.* -> one "orders" tool with an action field), auto (namespace above --max-tools), tag (the modules sharing their first tag -> one tool named after it)',
      },
    ],
  }),
  /** The tool count `grouping: 'auto'` keeps to; default 40. */
  maxTools: integerOption({
    minimum: 1,
    defaultValue: DEFAULT_MAX_TOOLS,
    cli: [
      {
        key: 'max-tools',
        kind: 'integer',
        help: 'With --grouping auto: group by namespace once more modules than this are served',
      },
    ],
  }),
  /** Encode a grouped tool's action table in TOON (fewer tokens); default false. */
  toonDescriptions: booleanOption({
    defaultValue: false,
    cli: [
      {
        key: 'toon-descriptions',
        kind: 'boolean',
        help: "Encode grouped tools' action tables in TOON (fewer tokens)",
      },
    ],
  }),
  /** Annotations per group (`{ orders: { idempotent: true } }`), winning over the aggregate. */
  groupAnnotations: declareOption<
    Readonly<Record<string, Partial<ModuleAnnotations>>>,
    GroupAnnotations
  >({
    expected: 'an object of annotations by group',
    defaultValue: Object.freeze({}),
    resolve: resolveAnnotationsByGroup,
    cli: [
      {
        key: 'group-annotations',
        kind: 'group-annotations',
        help: "Annotations stated per group, winning over its modules': GROUP.FLAG or GROUP.FLAG=false, comma-separated (orders.destructive,catalog.openWorld=false)",
      },
    ],
  }),
  /** Follow registry `register`/`unregister` events while serving; default false. */
  dynamic: booleanOption({
    defaultValue: false,
    cli: [
      {
        key: 'watch',
        kind: 'boolean',
        help: 'Reload modules when their files change; add and remove tools as files come and go',
      },
    ],
  }),
  /**
   * How long 2026-07-28 clients may reuse list and read results, per request kind, e.g.
   * `{ 'tools/list': { ttlMs: 60_000 } }`; default: no reuse (`ttlMs: 0`, `'private'`).
   * Never sent to 2025-11-25 clients.
   */
  cacheHints: declareOption<CacheHints, CacheHints | undefined>({
    expected: "an object of hints by request kind, e.g. { 'tools/list': { ttlMs: 60000 } }",
    defaultValue: undefined,
    resolve: resolveCacheHints,
  }),
};
