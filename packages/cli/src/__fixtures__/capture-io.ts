import type { CliIo } from '../io.js';

/** A {@link CliIo} that records what a command writes. */
export interface CapturedIo extends CliIo {
  readonly out: string;
  readonly err: string;
}

/** Captures stdout and stderr; `env` is empty unless given (so the host's variables stay out). */
export function captureIo(
  options: { env?: Record<string, string>; cwd?: string } = {},
): CapturedIo {
  let out = '';
  let err = '';
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    env: options.env ?? {},
    cwd: options.cwd ?? process.cwd(),
    get out() {
      return out;
    },
    get err() {
      return err;
    },
  };
}
