import type { Client } from '@modelcontextprotocol/client';
import { useEffect, useMemo, useState } from 'preact/hooks';

/**
 * Asks the server what a prompt argument or template variable could be (`completion/complete`):
 * the values it suggests for what is typed so far.
 *
 * @example
 * ```ts
 * const complete: CompleteValue = async (name, value) => ['MUG-001', 'MUG-002'];
 * ```
 */
export type CompleteValue = (name: string, value: string) => Promise<readonly string[]>;

/**
 * The server's suggestions for a field as it is typed, the latest answer winning; none when
 * the server cannot complete or the request fails (suggestions are a help, never an error).
 *
 * @example
 * ```ts
 * const options = useCompletions(complete, 'sku', 'MU');
 * ```
 */
export function useCompletions(
  complete: CompleteValue | undefined,
  name: string,
  value: string,
): readonly string[] {
  const [options, setOptions] = useState<readonly string[]>([]);
  useEffect(() => {
    if (complete === undefined) return;
    let current = true;
    complete(name, value).then(
      (values) => current && setOptions(values),
      () => current && setOptions([]),
    );
    return () => {
      current = false;
    };
  }, [complete, name, value]);
  return options;
}

/** What a completion is for: a prompt (by name) or a resource template (by its URI template). */
export type CompletionRef =
  | { type: 'ref/prompt'; name: string }
  | { type: 'ref/resource'; uri: string };

/**
 * A {@link CompleteValue} asking `client` about `ref`, stable while `ref` is the same; `undefined`
 * when the server declares no `completions` capability (nothing to ask).
 *
 * @example
 * ```ts
 * const complete = useCompleter(client, { type: 'ref/prompt', name: 'restock_request' });
 * ```
 */
export function useCompleter(client: Client, ref: CompletionRef): CompleteValue | undefined {
  const { type } = ref;
  const target = ref.type === 'ref/prompt' ? ref.name : ref.uri;
  // Keyed by what the completion is for: a new `ref` object naming the same target needs no
  // new function (and no new requests).
  return useMemo(() => {
    if (client.getServerCapabilities()?.completions === undefined) return undefined;
    const about: CompletionRef =
      type === 'ref/prompt' ? { type, name: target } : { type, uri: target };
    return async (name: string, value: string) => {
      const { completion } = await client.complete({ ref: about, argument: { name, value } });
      return completion.values;
    };
  }, [client, type, target]);
}
