import type { Client } from '@modelcontextprotocol/client';
import { useEffect, useState } from 'preact/hooks';
import { type ContentView, viewResourceContents } from '../logic/content.js';
import { describeError } from '../logic/describe-error.js';

/** What reading a resource gave: its entries' views, or the failure in words. */
export type ResourceRead =
  | { state: 'loading' }
  | { state: 'read'; views: ContentView[] }
  | { state: 'failed'; message: string };

/**
 * Reads a resource (reading is allowed without allowExecute) and returns its views.
 *
 * @example
 * ```ts
 * const read = await readResourceViews(client, 'shop://price-list');
 * ```
 */
export function readResourceViews(client: Client, uri: string): Promise<ResourceRead> {
  return client
    .readResource({ uri })
    .then(
      (result): ResourceRead => ({
        state: 'read',
        views: result.contents.map((contents) => viewResourceContents({ ...contents })),
      }),
    )
    .catch(
      (error: unknown): ResourceRead => ({
        state: 'failed',
        message: describeError(error).message,
      }),
    );
}

/**
 * The resource at `uri`, read once when the component shows it.
 *
 * @example
 * ```ts
 * const read = useResource(client, 'docs://catalog.get_product');
 * ```
 */
export function useResource(client: Client, uri: string): ResourceRead {
  const [read, setRead] = useState<ResourceRead>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setRead({ state: 'loading' });
    void readResourceViews(client, uri).then((result) => {
      if (live) setRead(result);
    });
    return () => {
      live = false;
    };
  }, [client, uri]);
  return read;
}
