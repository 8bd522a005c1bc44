import { ErrorCodes } from '../contract.js';
import { ModuleError, type ModuleErrorOptions } from './module-error.js';

/** Optional facts of an {@link ACLRuleError}. */
export interface ACLRuleErrorOptions extends ModuleErrorOptions {
  /** The offending field, e.g. `rules[2].effect`. */
  field?: string;
}

/**
 * An ACL configuration is malformed. `details.field` names the bad field when known.
 *
 * @example
 * ```ts
 * throw new ACLRuleError("rules[0].effect must be 'allow' or 'deny'", { field: 'rules[0].effect' });
 * ```
 */
export class ACLRuleError extends ModuleError {
  constructor(message: string, options: ACLRuleErrorOptions = {}) {
    super({
      ...options,
      code: ErrorCodes.ACL_RULE_ERROR,
      message,
      details: options.field === undefined ? {} : { field: options.field },
    });
    this.name = 'ACLRuleError';
  }

  /** Whether `value` is a module error with code `ACL_RULE_ERROR`. */
  static override isInstance(value: unknown): value is ACLRuleError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.ACL_RULE_ERROR;
  }
}
