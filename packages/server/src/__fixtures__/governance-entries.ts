import {
  admitEntry,
  type CallAdmission,
  type CallRecorder,
  recordEntry,
} from '../calls/call-governance.js';
import type { ExecutionRouterOptions } from '../calls/execution-router-options.js';

/** An admission, recorders, or both, as a test writes them inline. */
export type TestGovernance = Partial<CallAdmission> & Partial<CallRecorder>;

/** The router's `entries` for `governance`: what openGovernance builds from limits and a ledger. */
export function governanceEntries(
  ...parts: TestGovernance[]
): NonNullable<ExecutionRouterOptions['entries']> {
  const admissions = parts.filter((part): part is CallAdmission => part.admit !== undefined);
  const recorders = parts.filter((part): part is CallRecorder => part.settle !== undefined);
  return {
    admit:
      admissions.length === 0
        ? undefined
        : admitEntry({
            admit: async (call) => {
              for (const admission of admissions) {
                const refusal = await admission.admit(call);
                if (refusal !== undefined) return refusal;
              }
              return undefined;
            },
          }),
    record: recorders.length === 0 ? undefined : recordEntry(recorders),
  };
}
