import type { SettingOverrides } from '../command-line-options.js';
import { toCamelCase } from '../settings/setting-names.js';
import type { SettingValue } from '../settings/setting-specs.js';

/**
 * What `dev` turns on unless the command line says otherwise, by setting key: Streamable HTTP,
 * reloading on file changes, an inspector that may call tools, webhooks to a receiver on this
 * machine over plain HTTP, and the test-event method. Its `--help` shows these as
 * the defaults.
 *
 * @example
 * ```ts
 * DEV_PRESETS.transport; // 'streamable-http'
 * ```
 */
export const DEV_PRESETS: Readonly<Record<string, SettingValue>> = Object.freeze({
  transport: 'streamable-http',
  watch: true,
  'inspector-allow-execute': true,
  'webhook-allow-http': true,
  'webhook-allow-private': true,
  'event-test-emit': true,
});

/**
 * The flags of a `dev` invocation with {@link DEV_PRESETS} filled in where the command line
 * gave none (flag names as yargs gives them, camelCase).
 *
 * @example
 * ```ts
 * withDevPresets({ extensionsDir: './ext' }); // { extensionsDir: './ext', transport: 'streamable-http', watch: true, inspectorAllowExecute: true }
 * ```
 */
export function withDevPresets(
  flags: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  const presets = Object.entries(DEV_PRESETS).map(([key, value]) => {
    const flag = toCamelCase(key);
    return [flag, flags[flag] ?? value] as const;
  });
  return { ...flags, ...Object.fromEntries(presets) };
}

/**
 * {@link DEV_PRESETS} as the defaults `dev --help` shows.
 *
 * @example
 * ```ts
 * withSettings(parser, keys, DEV_HELP_DEFAULTS);
 * ```
 */
export const DEV_HELP_DEFAULTS: SettingOverrides = Object.freeze(
  Object.fromEntries(
    Object.entries(DEV_PRESETS).map(([key, defaultValue]) => [key, { defaultValue }]),
  ),
);
