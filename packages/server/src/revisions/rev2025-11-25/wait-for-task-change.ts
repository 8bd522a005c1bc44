import type { TaskEngine } from '@apcore-mcp/core/bridge';

/**
 * Resolves at the next change of status of task `taskId` in `engine`, once `signal` aborts, or
 * after `timeoutMs` at the latest: an engine may hear of another instance's changes late, and
 * answers to some of a task's questions change nothing the engine announces, so the caller
 * looks at the task again either way. It listens from the moment it is called, so a change
 * made while the caller then reads the task is not missed. Never rejects.
 *
 * @example
 * ```ts
 * const changed = waitForTaskChange(engine, taskId, { timeoutMs: 1000, signal });
 * const task = await engine.get(taskId, owner);
 * if (!isTerminalTaskStatus(task.status)) await changed;
 * ```
 */
export function waitForTaskChange(
  engine: TaskEngine,
  taskId: string,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<void> {
  const { timeoutMs, signal } = options;
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const cleanups: (() => void)[] = [];
    const done = (): void => {
      for (const cleanup of cleanups) cleanup();
      resolve();
    };
    const timer = setTimeout(done, timeoutMs).unref();
    cleanups.push(() => clearTimeout(timer));
    cleanups.push(
      engine.onChange((task) => {
        if (task.taskId === taskId) done();
      }),
    );
    signal.addEventListener('abort', done, { once: true });
    cleanups.push(() => signal.removeEventListener('abort', done));
  });
}
