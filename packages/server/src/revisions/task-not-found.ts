import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';

/**
 * The error of a request naming a task that does not exist, has expired, or belongs to another
 * caller (-32602): both revisions answer it alike, and never say which of the three it was.
 *
 * @example
 * ```ts
 * if (task === undefined) throw taskNotFound(taskId);
 * ```
 */
export function taskNotFound(taskId: string): ProtocolError {
  return new ProtocolError(
    ProtocolErrorCode.InvalidParams,
    'Failed to retrieve task: Task not found',
    {
      taskId,
    },
  );
}
