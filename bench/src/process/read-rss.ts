import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** `VmRSS:  123456 kB` in `/proc/<pid>/status`. */
const VM_RSS = /^VmRSS:\s+(\d+)\s+kB$/m;

/** The resident set of `pid` from `/proc` (Linux), or `undefined` where there is none. */
async function readProcRss(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const match = status === undefined ? null : VM_RSS.exec(status);
  return match === null ? undefined : Number(match[1]) * 1024;
}

/**
 * The resident set size of a running process, in bytes, read from outside it: `VmRSS` of
 * `/proc/<pid>/status` on Linux, `ps -o rss=` elsewhere. The process does nothing to report it,
 * so a server measured this way runs exactly the code it runs otherwise.
 *
 * @throws {Error} when the process is gone or neither source answers.
 * @example
 * ```ts
 * const bytes = await readRss(child.pid);
 * ```
 */
export async function readRss(pid: number | undefined): Promise<number> {
  if (pid === undefined) throw new Error('no process to read the RSS of');
  const fromProc = await readProcRss(pid);
  if (fromProc !== undefined) return fromProc;
  const { stdout } = await execFileAsync('ps', ['-o', 'rss=', '-p', String(pid)]);
  const kibibytes = Number(stdout.trim());
  if (!Number.isFinite(kibibytes) || kibibytes <= 0) {
    throw new Error(`no RSS for process ${pid}`);
  }
  return kibibytes * 1024;
}
