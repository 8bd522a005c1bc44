import type { Redis } from 'ioredis';

/**
 * Ends a blocking read (`XREAD`/`XREADGROUP ... BLOCK`) of `blocking` early, from `commands`
 * (`CLIENT UNBLOCK`): the read answers as if it had timed out. Used when the set of streams to
 * read changes and at close, so neither waits out the block.
 *
 * @example
 * ```ts
 * const unblock = unblockerOf(commands, blocking);
 * unblock();
 * ```
 */
export function unblockerOf(commands: Redis, blocking: Redis): () => void {
  let clientId: Promise<number> | undefined;
  return () => {
    clientId ??= blocking.client('ID') as Promise<number>;
    void clientId.then((id) => commands.client('UNBLOCK', id)).catch(() => {});
  };
}
