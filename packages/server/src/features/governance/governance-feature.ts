import { defineServerFeature } from '../../feature-api/server-feature.js';
import { GOVERNANCE_OPTIONS } from './governance-options.js';

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
  // Loaded only when on: a server without limits or a ledger never loads their code.
  open: async ({ limits, ledger }, frame, runtime) => {
    if (limits === undefined && ledger === undefined) return undefined;
    const { openGovernance } = await import('./open-governance.js');
    return openGovernance({
      limits,
      ledger,
      store: runtime.store,
      registry: runtime.registry,
      logger: frame.logger,
    });
  },
});
