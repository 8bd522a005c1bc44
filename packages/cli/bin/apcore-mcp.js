#!/usr/bin/env node
// The `apcore-mcp` command: everything lives in the package; this only hands over the arguments.
import { run } from '../dist/cli.js';

const SIGNALS = ['SIGINT', 'SIGTERM'];
let code;

// Listening from the start, so that Node's default (death by the signal) never comes back in
// between: the server removes its own listeners as it finishes, and a signal arriving then (a
// second Ctrl+C, or the copy a package runner such as pnpm forwards) would kill a process that
// has shut down cleanly, which its parent reports as a failure.
function onSignal(signal) {
  if (code !== undefined) {
    // The command is over and the process only winds down: end it with the command's code.
    process.exit(code);
  } else if (process.listenerCount(signal) === 1) {
    // Nobody else handles it (no server up yet): end by the signal, as the default would.
    for (const name of SIGNALS) process.off(name, onSignal);
    process.kill(process.pid, signal);
  }
}

for (const signal of SIGNALS) process.on(signal, onSignal);
code = await run(process.argv.slice(2));
process.exitCode = code;
