/**
 * One step around a call: it may look at the call, answer it itself, or hand it to `next` and
 * look at the answer (the shape of koa's and hono's middleware). The server's call pipeline is a
 * list of these around each tool call; the runtime runs a list of these around each module call
 * of a call tree, nested calls included.
 *
 * @example
 * ```ts
 * const timed: CallStep<ModuleCall, unknown> = async (call, next) => {
 *   const startedAt = performance.now();
 *   try {
 *     return await next();
 *   } finally {
 *     console.error(call.moduleId, performance.now() - startedAt);
 *   }
 * };
 * ```
 */
export type CallStep<Call, Answer> = (call: Call, next: () => Promise<Answer>) => Promise<Answer>;

/**
 * Chains `steps` (the first one outermost) around `last`; absent steps (features that are off)
 * are skipped once, when the chain is built.
 *
 * @example
 * ```ts
 * const run = composeSteps([tracing, limits], execute);
 * const answer = await run(call);
 * ```
 */
export function composeSteps<Call, Answer>(
  steps: readonly (CallStep<Call, Answer> | undefined)[],
  last: (call: Call) => Promise<Answer>,
): (call: Call) => Promise<Answer> {
  const present = steps.filter((step): step is CallStep<Call, Answer> => step !== undefined);
  return (call) => {
    const run = (index: number): Promise<Answer> => {
      const step = present[index];
      return step === undefined ? last(call) : step(call, () => run(index + 1));
    };
    return run(0);
  };
}

/**
 * A module call of a call tree, as the steps around it see it.
 *
 * @example
 * ```ts
 * const call: ModuleCall = { moduleId: 'math.add' };
 * ```
 */
export interface ModuleCall {
  readonly moduleId: string;
}

/**
 * The `context.data` key under which a call tree carries the steps to run around each of its
 * module calls (a list of {@link CallStep}s of {@link ModuleCall}s): the runtime's `Executor`
 * runs every module call of the tree through them, nested calls included. An MCP server with
 * tracing on puts its span step there. Keeping only this contract here leaves the runtime free
 * of any tracing library.
 *
 * @example
 * ```ts
 * const context = executor.createContext({ moduleId: 'math.add', data: { [MODULE_CALL_STEPS_KEY]: [span] } });
 * ```
 */
export const MODULE_CALL_STEPS_KEY = '_apcore_module_call_steps';

/**
 * The steps a context's `data` carries around each module call: none when it carries none, or
 * anything but a list of functions.
 *
 * @example
 * ```ts
 * const steps = readModuleCallSteps(context.data);
 * ```
 */
export function readModuleCallSteps(
  data: Record<string, unknown> | undefined,
): readonly CallStep<ModuleCall, unknown>[] {
  const candidate = data?.[MODULE_CALL_STEPS_KEY];
  if (!Array.isArray(candidate)) return [];
  return candidate.every((step) => typeof step === 'function')
    ? (candidate as CallStep<ModuleCall, unknown>[])
    : [];
}
