import { defineServerFeature } from '../../feature-api/server-feature.js';
import { GOVERNANCE_OPTIONS } from './governance-options.js';
import { openGovernance } from './open-governance.js';

/**
 * Rate limits and budgets per subject, and the ledger of every answered call and request. First
 * in the feature list: a ledger file that cannot be opened stops the start before any other
 * feature opens. Off unless `limits` or `ledger` is set.
 *
 * @example
 * ```ts
 * const features = [GOVERNANCE_FEATURE];
 * ```
 */
export const GOVERNANCE_FEATURE = defineServerFeature({
  name: 'governance',
  options: GOVERNANCE_OPTIONS,
  open: ({ limits, ledger }, frame, runtime) =>
    openGovernance({
      limits,
      ledger,
      store: runtime.store,
      registry: runtime.registry,
      logger: frame.logger,
    }),
});
