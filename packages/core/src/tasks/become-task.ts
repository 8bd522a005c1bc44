import { clientChannelOf } from '../channel/client-channel-of.js';

/**
 * Marks where the quick part of a call ends, in a module annotated `taskStart: 'explicit'`:
 * when the client takes tasks, the call answers with a task here, and the module runs again from
 * the start as that task (with the answers it was given so far), this time going on past this
 * line. So what comes before it runs at least twice: ask there, but change nothing. Outside a
 * task-capable call (a plain call, a client without tasks, the task itself) it does nothing.
 *
 * @example
 * ```ts
 * execute: async (inputs, context) => {
 *   const answer = await elicit(context, 'Which year?', yearSchema, { key: 'year' });
 *   await becomeTask(context); // the long part runs as a task
 *   return buildReport(answer?.year, context.signal);
 * },
 * ```
 */
export async function becomeTask(
  context: { readonly data?: unknown } | null | undefined,
): Promise<void> {
  await clientChannelOf(context)?.becomeTask?.();
}
