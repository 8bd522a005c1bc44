import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/**
 * A module asked the client with `required: true` (`sample()`, `listRoots()`, `elicit()`,
 * `ask()`) for something the client did not declare it supports, or outside any MCP call: the
 * call fails here. Its message is written for the client. `details.capabilities` names what is
 * missing (`['sampling']`). On MCP 2026-07-28 the server answers the spec's `-32021` protocol
 * error instead (the module stops the same way).
 *
 * @example
 * ```ts
 * throw new ClientCapabilityRequiredError({ capabilities: ['sampling'] });
 * ```
 */
export class ClientCapabilityRequiredError extends ModuleError {
  constructor(options: { capabilities: readonly string[] } & ModuleErrorOptions) {
    const capabilities = [...options.capabilities];
    super({
      ...options,
      code: ErrorCodes.CLIENT_CAPABILITY_REQUIRED,
      message:
        `This tool needs a client that supports ${capabilities.join(' and ')}, and this client ` +
        'does not declare it. Use a client that does.',
      details: { capabilities },
    });
    this.name = 'ClientCapabilityRequiredError';
  }

  /** Whether `value` is a module error with code `CLIENT_CAPABILITY_REQUIRED`. */
  static override isInstance(value: unknown): value is ClientCapabilityRequiredError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.CLIENT_CAPABILITY_REQUIRED;
  }
}
