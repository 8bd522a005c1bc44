import { ApcoreMcpError } from './apcore-mcp-error.js';

const MARKER = Symbol.for('apcore-mcp.error.TaskLimitError');

/**
 * A task could not be created: the engine holds `maxTasks` tasks that have not expired yet.
 * Answered as a tool error (`TASK_LIMIT_REACHED`) saying to retry later.
 *
 * @example
 * ```ts
 * throw new TaskLimitError(1000);
 * ```
 */
export class TaskLimitError extends ApcoreMcpError {
  constructor(maxTasks: number) {
    super({
      code: 'TASK_LIMIT_REACHED',
      message: `Too many tasks: this server keeps at most ${maxTasks}; retry once some have ended and expired`,
      details: { maxTasks },
    });
    this.name = 'TaskLimitError';
    Object.defineProperty(this, MARKER, { value: true });
  }

  /** Whether `value` is a {@link TaskLimitError} (from any copy of this package). */
  static override isInstance(value: unknown): value is TaskLimitError {
    return ApcoreMcpError.hasMarker(value, MARKER);
  }
}
