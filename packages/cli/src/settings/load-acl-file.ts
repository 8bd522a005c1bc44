import { ACLRuleError, ConfigNotFoundError } from '@apcore-mcp/core';
import { ACL } from '@apcore-mcp/runtime';
import { CliError } from '../cli-error.js';
import { describeSource, type ResolvedSettings, sourceOf, textSetting } from './settings.js';

/**
 * The ACL of the `acl` setting, loaded as the apcore contract loads `mcp.acl`
 * (`ACL.loadConfig`); `undefined` when none is set or the file holds no rules (empty, `{}`).
 *
 * @throws {CliError} `INVALID_ARGUMENT` (exit 1), one line naming the file, the setting it came
 *   from and, for a bad rule, the field (`mcp.acl.rules[1].conditions.rolez: unknown condition; ...`).
 * @example
 * ```ts
 * const acl = loadAclFile(resolved); // ACL | undefined
 * ```
 */
export function loadAclFile(resolved: ResolvedSettings): ACL | undefined {
  const path = textSetting(resolved, 'acl');
  if (path === undefined) return undefined;
  const from = describeSource(sourceOf(resolved, 'acl'));
  try {
    return ACL.loadConfig(path) ?? undefined;
  } catch (error) {
    if (ConfigNotFoundError.isInstance(error)) {
      throw new CliError(`ACL file not found: ${path} (${from})`, {
        code: 'INVALID_ARGUMENT',
        details: { setting: 'acl', path },
        cause: error,
      });
    }
    if (ACLRuleError.isInstance(error)) {
      // A YAML parser's message goes on with a code frame over several lines: the first says it.
      const [reason] = error.message
        .replace(`Invalid YAML in ${path}: `, 'invalid YAML: ')
        .split('\n');
      throw new CliError(`ACL file ${path} (${from}): ${reason}`, {
        code: 'INVALID_ARGUMENT',
        details: { setting: 'acl', path, ...error.details },
        cause: error,
      });
    }
    throw error;
  }
}
