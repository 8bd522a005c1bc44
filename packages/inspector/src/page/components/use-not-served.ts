import { useEffect, useRef, useState } from 'preact/hooks';
import type { InspectorPageConfig, NotServedEntry } from '../../page-config.js';
import { fetchPageConfig } from '../read-config.js';
import type { ServerLists } from './use-connection.js';

/**
 * What the server does not serve: first as the page's config says, then read again each time
 * the lists change (a watched module fixed or broken changes both). Nothing when the server
 * checks credentials: it does not tell the page then.
 *
 * @example
 * ```ts
 * const notServed = useNotServed(config, lists);
 * ```
 */
export function useNotServed(
  config: InspectorPageConfig,
  lists: ServerLists,
): readonly NotServedEntry[] {
  const [entries, setEntries] = useState(config.notServed ?? []);
  const loaded = useRef(false);
  useEffect(() => {
    // The lists the page starts with: its config already says what is not served.
    if (!loaded.current || config.authRequired) {
      loaded.current = true;
      return;
    }
    let current = true;
    fetchPageConfig(window.location.href).then(
      (fresh) => current && setEntries(fresh.notServed ?? []),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [lists]);
  return entries;
}
