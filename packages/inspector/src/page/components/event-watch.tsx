import { useEffect, useRef, useState } from 'preact/hooks';
import { describeError } from '../logic/describe-error.js';
import { formatJson } from '../logic/json-schema.js';
import { parseJson } from '../logic/parse-json.js';
import { type EventRpcMessage, type EventsEndpoint, streamEvents } from '../mcp/event-requests.js';

/** What the watch shows: each occurrence, heartbeat and notice, newest last. */
interface WatchEntry {
  id: number;
  kind: 'event' | 'heartbeat' | 'notice';
  text: string;
  data?: unknown;
}

/** Entries kept on screen: a busy type would otherwise grow the page without end. */
const KEPT_ENTRIES = 200;

type WatchState =
  | { state: 'idle' }
  | { state: 'opening' }
  | { state: 'live' }
  | { state: 'ended'; message: string };

/**
 * "Watch": opens `events/stream` from now with the arguments typed, and shows occurrences and
 * heartbeats as they arrive until Stop (or the server ends the stream). Leaving the type stops
 * it too.
 */
export function EventWatch({ endpoint, name }: { endpoint: EventsEndpoint; name: string }) {
  const [argumentsText, setArgumentsText] = useState('{}');
  const [watch, setWatch] = useState<WatchState>({ state: 'idle' });
  const [entries, setEntries] = useState<WatchEntry[]>([]);
  const controller = useRef<AbortController | undefined>(undefined);
  const nextId = useRef(0);
  useEffect(() => () => controller.current?.abort(), []);

  const add = (entry: Omit<WatchEntry, 'id'>) => {
    nextId.current += 1;
    const id = nextId.current;
    setEntries((previous) => [...previous, { ...entry, id }].slice(-KEPT_ENTRIES));
  };
  const onMessage = (message: EventRpcMessage) => {
    if (message.error !== undefined) throw new Error(message.error.message);
    const params = message.params ?? {};
    if (message.method === 'notifications/events/active') setWatch({ state: 'live' });
    if (message.method === 'notifications/events/event') {
      add({
        kind: 'event',
        text: `${String(params.timestamp)} ${String(params.eventId)}`,
        data: params.data,
      });
    }
    if (message.method === 'notifications/events/heartbeat')
      add({ kind: 'heartbeat', text: 'heartbeat' });
    if (
      message.method === 'notifications/events/error' ||
      message.method === 'notifications/events/terminated'
    ) {
      add({ kind: 'notice', text: describeNotice(message.method, params.error) });
    }
  };
  const start = () => {
    const parsed = parseJson(argumentsText);
    if (
      !parsed.ok ||
      typeof parsed.value !== 'object' ||
      parsed.value === null ||
      Array.isArray(parsed.value)
    ) {
      setWatch({ state: 'ended', message: 'The arguments must be a JSON object.' });
      return;
    }
    const opened = new AbortController();
    controller.current = opened;
    setEntries([]);
    setWatch({ state: 'opening' });
    const params = { name, arguments: parsed.value, cursor: null };
    streamEvents(endpoint, params, onMessage, opened.signal).then(
      () =>
        setWatch({
          state: 'ended',
          message: opened.signal.aborted ? 'Stopped.' : 'The server ended the stream.',
        }),
      (error: unknown) => setWatch({ state: 'ended', message: describeError(error).message }),
    );
  };
  const watching = watch.state === 'opening' || watch.state === 'live';
  return (
    <section aria-labelledby="event-watch-heading" class="event-watch">
      <h3 id="event-watch-heading">Watch</h3>
      <div class="field">
        <label for="event-watch-arguments">Subscription arguments (JSON)</label>
        <textarea
          id="event-watch-arguments"
          class="code"
          rows={3}
          spellcheck={false}
          value={argumentsText}
          disabled={watching}
          onInput={(event) => setArgumentsText(event.currentTarget.value)}
        />
      </div>
      {watching ? (
        <button type="button" class="secondary" onClick={() => controller.current?.abort()}>
          Stop
        </button>
      ) : (
        <button type="button" onClick={start}>
          Watch
        </button>
      )}
      <p class="hint" aria-live="polite">
        {watch.state === 'opening' && 'Opening the stream…'}
        {watch.state === 'live' && 'Watching: new occurrences appear below.'}
        {watch.state === 'ended' && watch.message}
      </p>
      <ol class="event-entries" aria-label="Occurrences">
        {entries.map((entry) => (
          <li key={entry.id} class={`event-entry event-${entry.kind}`}>
            <span class="event-line">{entry.text}</span>
            {entry.data !== undefined && (
              <pre class="content-json">
                <code>{formatJson(entry.data)}</code>
              </pre>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function describeNotice(method: string, error: unknown): string {
  const message = (error as { message?: unknown } | undefined)?.message;
  const text = typeof message === 'string' ? message : 'no reason given';
  return method === 'notifications/events/terminated'
    ? `Ended by the server: ${text}`
    : `Server error: ${text}`;
}
