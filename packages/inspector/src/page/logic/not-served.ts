import type { NotServedEntry } from '../../page-config.js';

const KINDS: readonly NotServedEntry['kind'][] = [
  'module',
  'resource',
  'resourceTemplate',
  'prompt',
  'eventType',
];

const KIND_LABELS: Readonly<Record<NotServedEntry['kind'], string>> = {
  module: 'module',
  resource: 'resource',
  resourceTemplate: 'resource template',
  prompt: 'prompt',
  eventType: 'event type',
};

/**
 * The "not served" entries of a config as the page may trust them: an array of entries with a
 * known kind and a name and reason that are strings; anything else is left out.
 *
 * @example
 * ```ts
 * readNotServed([{ kind: 'module', name: 'a', reason: 'r' }, 42]); // [{ kind: 'module', name: 'a', reason: 'r' }]
 * ```
 */
export function readNotServed(value: unknown): NotServedEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { kind, name, reason } = entry as Record<string, unknown>;
    if (!KINDS.includes(kind as NotServedEntry['kind'])) return [];
    if (typeof name !== 'string' || typeof reason !== 'string') return [];
    return [{ kind: kind as NotServedEntry['kind'], name, reason }];
  });
}

/**
 * What an entry is, in words: `module`, `resource template`...
 *
 * @example
 * ```ts
 * describeNotServedKind('resourceTemplate'); // 'resource template'
 * ```
 */
export function describeNotServedKind(kind: NotServedEntry['kind']): string {
  return KIND_LABELS[kind];
}
