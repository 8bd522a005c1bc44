import { formatJson } from '../logic/json-schema.js';
import { viewLogData } from '../logic/log-line.js';
import type { LogEntry } from './use-connection.js';

/** The running call's log messages: level, logger, the message, and its data folded. */
export function LogList({ logs }: { logs: readonly LogEntry[] }) {
  if (logs.length === 0) return null;
  return (
    <section aria-labelledby="logs-heading" class="logs">
      <h4 id="logs-heading">Log messages</h4>
      <ol>
        {logs.map((entry) => {
          const { message, details } = viewLogData(entry.data);
          return (
            <li key={entry.id}>
              <span class={`level level-${entry.level}`}>{entry.level}</span>{' '}
              {entry.logger !== undefined && <span class="logger">{entry.logger}: </span>}
              <span class="log-message">{message}</span>
              {details !== undefined && (
                <details>
                  <summary>Data</summary>
                  <pre class="content-json">
                    <code>{formatJson(details)}</code>
                  </pre>
                </details>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
