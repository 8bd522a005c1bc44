import { ErrorCodes, ModuleError } from '@apcore-mcp/core';

/**
 * A module annotated `requiresApproval` was not run because approval could not be asked for:
 * the `approval` option is `'elicit'` and the client did not declare the `elicitation`
 * capability. Its message (what the client sees) says how to allow such calls.
 * `details.moduleId` names the module.
 *
 * @example
 * ```ts
 * throw new ApprovalRequiredError({ moduleId: 'files.delete' });
 * ```
 */
export class ApprovalRequiredError extends ModuleError {
  constructor(options: { moduleId: string; cause?: unknown }) {
    super({
      code: ErrorCodes.APPROVAL_REQUIRED,
      message:
        `Approval required: ${options.moduleId} needs a person to approve each call, but this ` +
        'client cannot ask (it does not support elicitation). Use a client that supports ' +
        "elicitation, or start the server with the approval option set to 'allow' (CLI: " +
        '--approval allow) or to an approval handler.',
      details: { moduleId: options.moduleId },
      ...(options.cause === undefined ? {} : { cause: options.cause }),
    });
    this.name = 'ApprovalRequiredError';
  }

  /** Whether `value` is a module error with code `APPROVAL_REQUIRED`. */
  static override isInstance(value: unknown): value is ApprovalRequiredError {
    return ModuleError.isInstance(value) && value.code === ErrorCodes.APPROVAL_REQUIRED;
  }
}
