// Who approves modules annotated requiresApproval, and what the instances behind one endpoint
// share: the key that signs the questions' state, and the store limits and answered rounds live in.
import {
  APPROVAL_MODES,
  type ApprovalOption,
  resolveApproval,
} from '../../calls/approval-option.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import type { LimitStore } from '../../store/limit-store.js';
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
  /**
   * Where rate limits, budgets and the one-time ids of approval rounds are kept: this
   * process's memory by default; `createRedisLimitStore(url)` of `@apcore-mcp/redis` to share
   * them between the instances behind one endpoint (give them the same `stateKey` too). The
   * server closes it on shutdown.
   */
  store: declareOption<LimitStore, LimitStore | undefined>({
    expected:
      'a LimitStore (consume and close), such as createRedisLimitStore(url) from @apcore-mcp/redis',
    defaultValue: undefined,
    resolve: resolveStore,
    cli: [
      {
        key: 'store',
        kind: 'store-url',
        help: 'Keep rate limits, budgets and one-time approval rounds in Redis (redis://host:port), shared by every instance using it (default: memory)',
      },
    ],
  }),
};

function resolveStore(value: unknown): LimitStore {
  const store = value as Partial<LimitStore> | null;
  if (typeof store?.consume !== 'function' || typeof store.close !== 'function') {
    const { expected } = APPROVAL_OPTIONS.store;
    throw new InvalidOptionError({ option: 'store', value, expected });
  }
  return store as LimitStore;
}
