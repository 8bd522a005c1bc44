import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';

/**
 * The `sysModules` option: `true` registers the six read-only `system.*` modules (health,
 * usage, manifest), `{ control: true }` adds the three `system.control.*` tools as well.
 */
export type SysModulesOption = boolean | { control?: boolean };

/** `sysModules` resolved: which rungs of the registration ladder are on (0, 6 or 9 modules). */
export interface ResolvedSysModules {
  readonly control: boolean;
}

const EXPECTED = 'a boolean or { control: boolean }';

/**
 * Reads the `sysModules` option; `undefined` when it is off.
 *
 * @throws {InvalidOptionError} for any other value, naming the field.
 * @example
 * ```ts
 * resolveSysModules({ control: true }); // { control: true }
 * ```
 */
export function resolveSysModules(value: unknown): ResolvedSysModules | undefined {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { control: false };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidOptionError({ option: 'sysModules', value, expected: EXPECTED });
  }
  const fields = value as Record<string, unknown>;
  const unknown = Object.keys(fields).find((key) => key !== 'control');
  if (unknown !== undefined) {
    throw new InvalidOptionError({
      option: `sysModules.${unknown}`,
      value: unknown,
      expected: 'control',
    });
  }
  if (fields.control !== undefined && typeof fields.control !== 'boolean') {
    const option = 'sysModules.control';
    throw new InvalidOptionError({ option, value: fields.control, expected: 'a boolean' });
  }
  return { control: fields.control === true };
}

/** The management feature's options. */
export const MANAGEMENT_OPTIONS = {
  sysModules: declareOption<SysModulesOption, ResolvedSysModules | undefined>({
    expected: EXPECTED,
    defaultValue: undefined,
    resolve: resolveSysModules,
    cli: [
      {
        key: 'sys-modules',
        kind: 'boolean',
        help: 'Serve the system.* management modules: health, usage and manifest as apcore:// resources',
      },
      {
        key: 'sys-control',
        kind: 'boolean',
        subKey: 'control',
        help: 'Also serve the system.control.* tools (update_config, reload_module, toggle_feature; turns --sys-modules on)',
      },
    ],
  }),
};
