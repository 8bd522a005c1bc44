/**
 * The work every workload module does: next to nothing, so the figures show the cost of what
 * surrounds a module (pipeline, routing, protocol), not the module. Ours and the baseline call
 * this very function.
 *
 * @example
 * ```ts
 * answerCall({ id: 'r-1' }); // { ok: true, id: 'r-1' }
 * ```
 */
export function answerCall(inputs: Record<string, unknown>): { ok: boolean; id: string } {
  return { ok: true, id: String(inputs.id) };
}

/**
 * The arguments of every benchmarked call: valid for the input schema, touching plain
 * properties and both nested models, small enough that the call stays trivial.
 */
export const CALL_ARGUMENTS: Readonly<Record<string, unknown>> = Object.freeze({
  id: 'r-1',
  count: 3,
  enabled: true,
  mode: 'fast',
  owner: { name: 'Ada', address: { street: '1 Main St', city: 'Springfield' } },
  shipTo: { street: '2 Side St', city: 'Shelbyville', country: 'US' },
});

/** The JSON text a call answers with, in ours and in the baseline. */
export const CALL_ANSWER_TEXT = JSON.stringify(answerCall(CALL_ARGUMENTS));
