import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The log's generation, shared by the instances in one Redis key: the first instance names it,
 * and after Redis lost it (a flush) the first instance that looks names a new one. Every instance
 * looks again at each read, so all of them soon agree: otherwise the cursors of an instance
 * started after the flush would read as gaps on the others, and theirs on it.
 *
 * @example
 * ```ts
 * const epoch = await openLogEpoch(commands, keys.epoch);
 * await epoch.sync();
 * epoch.current();
 * ```
 */
export async function openLogEpoch(
  commands: Redis,
  key: string,
): Promise<{ current(): string; sync(): Promise<void> }> {
  let current = '';
  const sync = async () => {
    const stored = await commands.get(key);
    if (stored !== null) {
      current = stored;
      return;
    }
    await commands.set(key, `e${Date.now().toString(36)}${randomBytes(6).toString('hex')}`, 'NX');
    current = (await commands.get(key)) ?? current;
  };
  await sync();
  return { current: () => current, sync };
}
