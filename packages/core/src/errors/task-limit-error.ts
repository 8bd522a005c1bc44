import { ApcoreMcpError } from './apcore-mcp-error.js';

const MARKER = Symbol.for('apcore-mcp.error.TaskLimitError');

/**
 * Which bound refused a task: the live tasks of all subjects together, or of the caller's
 * subject alone.
 *
 * @example
 * ```ts
 * const limit: TaskLimit = 'maxTasksPerSubject';
 * ```
 */
export type TaskLimit = 'maxTasks' | 'maxTasksPerSubject';

/** What a {@link TaskLimitError} says: the bound reached, its value, and when a slot frees. */
export interface TaskLimitErrorInit {
  limit: TaskLimit;
  /** The bound's value: how many live tasks there are. */
  max: number;
  /**
   * When the oldest of those live tasks expires (ISO 8601): a slot frees then at the latest.
   * Omitted when the engine cannot tell.
   */
  oldestExpiresAt?: string;
}

/**
 * A task could not be created: as many tasks as a bound allows are live (working, waiting for
 * input, or ended with a result or error their owner has not fetched yet). Answered as a tool
 * error (`TASK_LIMIT_REACHED`) naming the bound and when a slot frees; it never names the
 * subject.
 *
 * @example
 * ```ts
 * throw new TaskLimitError({ limit: 'maxTasksPerSubject', max: 100, oldestExpiresAt });
 * ```
 */
export class TaskLimitError extends ApcoreMcpError {
  constructor(init: TaskLimitErrorInit) {
    const details: Record<string, unknown> = { limit: init.limit, max: init.max };
    if (init.oldestExpiresAt !== undefined) details.oldestExpiresAt = init.oldestExpiresAt;
    super({ code: 'TASK_LIMIT_REACHED', message: describeRefusal(init), details });
    this.name = 'TaskLimitError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** Whether `value` is a {@link TaskLimitError} (from any copy of this package). */
  static override isInstance(value: unknown): value is TaskLimitError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}

function describeRefusal({ limit, max, oldestExpiresAt }: TaskLimitErrorInit): string {
  const tasks = max === 1 ? '1 live task' : `${max} live tasks`;
  const reached =
    limit === 'maxTasksPerSubject'
      ? `Task quota reached: this subject has ${tasks} (maxTasksPerSubject).`
      : `Task limit reached: ${tasks} on this server (maxTasks).`;
  const frees = 'A slot frees when one of them is cancelled, or ends and its result is fetched';
  const oldest = oldestExpiresAt === undefined ? '' : `; the oldest expires at ${oldestExpiresAt}`;
  return `${reached} ${frees}${oldest}.`;
}
