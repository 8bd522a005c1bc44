import { isRecord } from '../is-record.js';

/**
 * Whether a module's calls may run as MCP tasks (the tool's `execution.taskSupport`):
 * `'forbidden'` (the default: always a plain call), `'optional'` (a task when the client takes
 * tasks, else a plain call) or `'required'` (a client that does not take tasks is refused).
 *
 * @example
 * ```ts
 * const support: TaskSupport = 'optional';
 * ```
 */
export type TaskSupport = 'forbidden' | 'optional' | 'required';

/**
 * Where a task-supporting call turns into a task: `'immediate'` (the default) as it starts, so
 * everything the module asks is asked as the task's input; `'explicit'` where the module calls
 * `becomeTask(context)`, so what it asks before that is asked on the call itself.
 *
 * @example
 * ```ts
 * const start: TaskStart = 'explicit';
 * ```
 */
export type TaskStart = 'immediate' | 'explicit';

const TASK_SUPPORT_VALUES: readonly TaskSupport[] = ['forbidden', 'optional', 'required'];

/**
 * The task support a module's annotations declare (`taskSupport`, or apcore's `task_support`);
 * `'forbidden'` when absent.
 *
 * @throws {TypeError} naming the value when it is not one of the three.
 * @example
 * ```ts
 * readTaskSupport({ taskSupport: 'optional' }); // 'optional'
 * ```
 */
export function readTaskSupport(annotations: unknown): TaskSupport {
  const value = readEither(annotations, 'taskSupport', 'task_support');
  if (value === undefined) return 'forbidden';
  if (TASK_SUPPORT_VALUES.includes(value as TaskSupport)) return value as TaskSupport;
  throw new TypeError(
    `annotations.taskSupport must be 'forbidden', 'optional' or 'required', got ${JSON.stringify(value)}`,
  );
}

/**
 * Where a task-supporting module's call becomes a task (`taskStart`, or apcore's
 * `task_start`); `'immediate'` when absent.
 *
 * @throws {TypeError} naming the value when it is neither `'immediate'` nor `'explicit'`.
 * @example
 * ```ts
 * readTaskStart({ taskStart: 'explicit' }); // 'explicit'
 * ```
 */
export function readTaskStart(annotations: unknown): TaskStart {
  const value = readEither(annotations, 'taskStart', 'task_start');
  if (value === undefined || value === 'immediate') return 'immediate';
  if (value === 'explicit') return 'explicit';
  throw new TypeError(
    `annotations.taskStart must be 'immediate' or 'explicit', got ${JSON.stringify(value)}`,
  );
}

function readEither(annotations: unknown, camel: string, snake: string): unknown {
  if (!isRecord(annotations)) return undefined;
  return annotations[camel] ?? annotations[snake];
}
