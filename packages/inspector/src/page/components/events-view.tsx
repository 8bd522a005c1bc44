import { useState } from 'preact/hooks';
import { describeError } from '../logic/describe-error.js';
import { parseJson } from '../logic/parse-json.js';
import { EventRpcError, type EventsEndpoint, sendEventRequest } from '../mcp/event-requests.js';
import { Badges } from './badges.js';
import { EventWatch } from './event-watch.js';
import { ItemList } from './item-list.js';
import { JsonBlock } from './json-block.js';
import { EMIT_TEST_EVENT_METHOD, type EventTypeInfo } from './use-event-types.js';

/**
 * The event types this caller may see (the MCP events extension): each one's description,
 * delivery modes and schemas, a live watch, and "Emit test event". Whether the server serves
 * that method shows only by asking it; the server has no capability to say so, and a probe
 * would cost every page without it an HTTP 404 in the console. So the section shows until the
 * server answers `-32601`, and is then replaced by how to turn it on.
 */
export function EventsView({
  endpoint,
  types,
}: {
  endpoint: EventsEndpoint;
  types: readonly EventTypeInfo[];
}) {
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [testEmit, setTestEmit] = useState(true);
  const chosen = types.find((type) => type.name === selected);
  return (
    <div class="columns">
      <section class="list-column" aria-labelledby="events-heading">
        <h2 id="events-heading">Event types</h2>
        <ItemList
          entries={types.map((type) => ({
            key: type.name,
            name: type.name,
            sub: type.description === '' ? undefined : type.description,
            badges: type.delivery,
          }))}
          selected={selected}
          onSelect={setSelected}
        />
      </section>
      <div class="detail-column">
        {chosen === undefined ? (
          <p class="placeholder">Choose an event type to see its schemas and watch it.</p>
        ) : (
          <article key={chosen.name} aria-labelledby="event-heading">
            <h2 id="event-heading">{chosen.name}</h2>
            {chosen.description !== '' && <p class="description">{chosen.description}</p>}
            <Badges badges={chosen.delivery} />
            <JsonBlock summary="Subscription arguments (input schema)" value={chosen.inputSchema} />
            <JsonBlock summary="Payload schema" value={chosen.payloadSchema} />
            <EventWatch endpoint={endpoint} name={chosen.name} />
            {testEmit ? (
              <EmitTestEvent
                endpoint={endpoint}
                name={chosen.name}
                onNotServed={() => setTestEmit(false)}
              />
            ) : (
              <p class="hint">
                This server does not emit test events: start it with --event-test-emit.
              </p>
            )}
          </article>
        )}
      </div>
    </div>
  );
}

/** What a server without `apcore-mcp/emitTestEvent` answers it. */
const METHOD_NOT_FOUND = -32601;

type Emitted = { kind: 'emitted'; eventId: string } | { kind: 'failed'; message: string };

/** "Emit test event": sends `apcore-mcp/emitTestEvent { name, data }` with the JSON typed. */
function EmitTestEvent({
  endpoint,
  name,
  onNotServed,
}: {
  endpoint: EventsEndpoint;
  name: string;
  onNotServed(): void;
}) {
  const [dataText, setDataText] = useState('{}');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Emitted | undefined>(undefined);
  const emit = async () => {
    const parsed = parseJson(dataText);
    if (!parsed.ok) {
      setOutcome({ kind: 'failed', message: `The data is not JSON: ${parsed.message}` });
      return;
    }
    setBusy(true);
    try {
      const result = await sendEventRequest(endpoint, EMIT_TEST_EVENT_METHOD, {
        name,
        data: parsed.value,
      });
      setOutcome({ kind: 'emitted', eventId: String(result.eventId) });
    } catch (error) {
      if (error instanceof EventRpcError && error.code === METHOD_NOT_FOUND) return onNotServed();
      setOutcome({ kind: 'failed', message: describeError(error).message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="event-emit-heading" class="event-emit">
      <h3 id="event-emit-heading">Emit test event</h3>
      <div class="field">
        <label for="event-emit-data">Event data (JSON)</label>
        <textarea
          id="event-emit-data"
          class="code"
          rows={5}
          spellcheck={false}
          value={dataText}
          aria-invalid={outcome?.kind === 'failed'}
          onInput={(event) => setDataText(event.currentTarget.value)}
        />
      </div>
      <button type="button" disabled={busy} onClick={() => void emit()}>
        Emit test event
      </button>
      <p class={outcome?.kind === 'failed' ? 'error' : 'hint'} aria-live="polite">
        {outcome?.kind === 'emitted' && `Emitted ${outcome.eventId}.`}
        {outcome?.kind === 'failed' && outcome.message}
      </p>
    </section>
  );
}
