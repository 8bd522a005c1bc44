// Who approves modules annotated requiresApproval, and the key that signs the questions' state.
import {
  APPROVAL_MODES,
  type ApprovalOption,
  resolveApproval,
} from '../../calls/approval-option.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { resolveStateKey } from '../state-key.js';

/**
 * The approval options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * APPROVAL_OPTIONS.approval.defaultValue; // 'elicit'
 * ```
 */
export const APPROVAL_OPTIONS = {
  /**
   * Who approves modules annotated `requiresApproval`: `'elicit'` (default) asks the user through
   * the client, `'deny'` refuses, `'allow'` runs them unasked, or your own
   * `(request) => boolean | Promise<boolean>`. Modes are case-insensitive.
   */
  approval: declareOption<ApprovalOption, ApprovalOption>({
    expected: `one of ${APPROVAL_MODES.join(', ')} or a function (request) => boolean`,
    defaultValue: 'elicit',
    limits: { choices: APPROVAL_MODES },
    resolve: resolveApproval,
    cli: [
      {
        key: 'approval',
        kind: 'choice',
        help: 'Modules requiring approval: ask the user through the client (elicit), refuse (deny) or run unasked (allow)',
      },
    ],
  }),
  /**
   * The key (at least 32 bytes; text as hex or base64) that signs the `requestState` a
   * 2026-07-28 client echoes when it answers a question (an approval). Default: a random key
   * per process, so several instances behind one endpoint need the same `stateKey`.
   */
  stateKey: declareOption<string | Uint8Array, Uint8Array | undefined>({
    expected: 'a key of at least 32 bytes, as hex or base64 text or a Uint8Array',
    defaultValue: undefined,
    resolve: resolveStateKey,
    cli: [
      {
        key: 'state-key-file',
        kind: 'secret-file',
        help: 'File holding the key (hex or base64, 32+ bytes) that signs 2026-07-28 requestState; instances behind one endpoint need the same key (default: a random key per process)',
      },
      {
        key: 'state-key',
        kind: 'secret',
        envOnly: true,
        help: 'The requestState signing key itself (hex or base64, 32+ bytes)',
      },
    ],
  }),
};
