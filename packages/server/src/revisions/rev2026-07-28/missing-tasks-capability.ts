import { MissingRequiredClientCapabilityError } from '@modelcontextprotocol/server';
import type { ClientCapabilities } from '../../kernel/call-extra.js';
import { TASKS_EXTENSION } from '../../kernel/tasks-extension.js';

/**
 * The -32021 error of a request that needs the tasks extension from a client that did not
 * declare it.
 *
 * @example
 * ```ts
 * if (!declaresTasksExtension(capabilities)) throw missingTasksCapability();
 * ```
 */
export function missingTasksCapability(): MissingRequiredClientCapabilityError {
  return new MissingRequiredClientCapabilityError(
    { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    `Missing required client capability: the ${TASKS_EXTENSION} extension`,
  );
}

/**
 * Whether `capabilities` list the tasks extension among their extensions.
 *
 * @example
 * ```ts
 * declaresTasksExtension({ extensions: { 'io.modelcontextprotocol/tasks': {} } }); // true
 * ```
 */
export function declaresTasksExtension(capabilities: ClientCapabilities | undefined): boolean {
  const extensions = (capabilities as { extensions?: Record<string, unknown> } | undefined)
    ?.extensions;
  return typeof extensions === 'object' && extensions !== null && TASKS_EXTENSION in extensions;
}
