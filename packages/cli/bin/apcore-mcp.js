#!/usr/bin/env node
// The `apcore-mcp` command: everything lives in the package; this only hands over the arguments.
import { run } from '../dist/index.js';

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
  } else if (!serverListened && process.listenerCount(signal) === 1) {
    // No server was ever up to handle it: end by the signal, as the default would.
    for (const name of SIGNALS) process.off(name, onSignal);
    process.kill(process.pid, signal);
  }
  // Otherwise a server handles it, or has handled one and is finishing: the command ends itself.
}

for (const signal of SIGNALS) process.on(signal, onSignal);
// Whether a server ever listened for the signals: after its shutdown, before the command has
// returned, a late copy of the signal must not be taken for one sent before any server was up.
let serverListened = false;
process.on('newListener', (event) => {
  if (SIGNALS.includes(event)) serverListened = true;
});
code = await run(process.argv.slice(2));
process.exitCode = code;
// Exit as soon as stdout and stderr are flushed rather than when the event loop runs dry: a
// natural exit first tears down the signal handlers, and a late signal arriving in the
// milliseconds before the process is gone would kill it.
let unflushed = 2;
const exitOnceFlushed = () => {
  unflushed -= 1;
  if (unflushed === 0) process.exit(code);
};
process.stdout.write('', exitOnceFlushed);
process.stderr.write('', exitOnceFlushed);
