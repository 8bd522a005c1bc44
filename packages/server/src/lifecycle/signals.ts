/** The signals that ask the server to shut down. */
const SHUTDOWN_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM'];

/**
 * Calls `onFirst` on the first SIGINT/SIGTERM and `onRepeat` on any later one. While watched,
 * the signals no longer kill the process (Node's default); the returned function restores that.
 */
export function watchSignals(handlers: {
  onFirst: (signal: NodeJS.Signals) => void;
  onRepeat: (signal: NodeJS.Signals) => void;
}): () => void {
  let received = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received) {
      handlers.onRepeat(signal);
      return;
    }
    received = true;
    handlers.onFirst(signal);
  };
  for (const signal of SHUTDOWN_SIGNALS) process.on(signal, onSignal);
  return () => {
    for (const signal of SHUTDOWN_SIGNALS) process.off(signal, onSignal);
  };
}
