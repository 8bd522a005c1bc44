import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import setup from '../../src/global-setup.js';
import {
  killProcessGroup,
  PID_DIR_VARIABLE,
  spawnTracked,
  stopTracked,
} from '../../src/tracked-processes.js';

/** A node child that starts a grandchild, prints its pid, then waits forever. */
const PARENT_SCRIPT = [
  "const { spawn } = require('node:child_process');",
  "const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
  'console.log(grandchild.pid);',
  'setInterval(() => {}, 1000);',
].join('\n');

/** Running, as opposed to gone or a zombie waiting to be reaped (`ps` shows `Z`). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ..."
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

function startParent() {
  const child = spawnTracked(process.execPath, ['-e', PARENT_SCRIPT], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const grandchildPid = new Promise<number>((resolve) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
  });
  return { child, grandchildPid };
}

describe('tracked child processes', () => {
  const outerDirectory = process.env[PID_DIR_VARIABLE];
  afterEach(() => {
    if (outerDirectory === undefined) delete process.env[PID_DIR_VARIABLE];
    else process.env[PID_DIR_VARIABLE] = outerDirectory;
  });

  it('kills a child with everything it started', async () => {
    const { child, grandchildPid } = startParent();
    const grandchild = await grandchildPid;
    expect(isAlive(grandchild)).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killProcessGroup(child.pid);
    await exited;
    await vi.waitFor(() => expect(isAlive(grandchild)).toBe(false));
  });

  it('stops a child with a signal, and forgets its pid once it exited', async () => {
    const reap = setup();
    const directory = process.env[PID_DIR_VARIABLE] ?? '';
    const child = spawnTracked(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    expect(readdirSync(directory)).toEqual([String(child.pid)]);
    await stopTracked(child, { signal: 'SIGINT' });
    expect(child.signalCode).toBe('SIGINT');
    await vi.waitFor(() => expect(readdirSync(directory)).toEqual([]));
    reap();
    expect(existsSync(directory)).toBe(false);
  });

  it('leaves nothing running at the end of a run, even a child its worker never stopped', async () => {
    const reap = setup();
    const { child, grandchildPid } = startParent();
    const grandchild = await grandchildPid;
    // The worker that spawned it is gone (a timeout): only the global teardown is left.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const write = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    let said: unknown[][];
    try {
      reap();
    } finally {
      said = write.mock.calls.map((call) => [...call]);
      write.mockRestore();
    }
    expect(said).toEqual([['test-support: killed 1 process(es) a test left running\n']]);
    await exited;
    await vi.waitFor(() => expect(isAlive(grandchild)).toBe(false));
  });
});
