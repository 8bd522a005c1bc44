import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import type { ServeOptions } from '../options/serve-options.js';

/**
 * The options `attachToServer` takes: those about the tools and their calls, and what is served
 * beside them (resources and templates, prompts, skills), as `serve()` takes them. The host
 * application owns the server, its transport, its name and its lifecycle.
 *
 * @example
 * ```ts
 * ATTACH_OPTION_NAMES.includes('approval'); // true
 * ```
 */
export const ATTACH_OPTION_NAMES = [
  'tags',
  'anyTags',
  'excludeTags',
  'prefix',
  'toolNames',
  'toolSearch',
  'dynamic',
  'validateInputs',
  'maxResultBytes',
  'redactOutput',
  'callTimeoutMs',
  'approval',
  'stateKey',
  'store',
  'identity',
  'contextFactory',
  'tracing',
  'logger',
  'logLevel',
  'resources',
  'resourceTemplates',
  'prompts',
  'skills',
  'maxSubscriptionsPerSession',
  'maxResourceUriLength',
  'eventTypes',
  'eventBackend',
  'eventRetentionMs',
  'eventBufferSize',
  'eventPollIntervalMs',
  'eventMaxBatch',
  'eventHeartbeatMs',
  'maxEventStreamsPerSubject',
  'eventTestEmit',
] as const satisfies readonly (keyof ServeOptions)[];

/**
 * Options of `attachToServer`: the serve options about the tools, their calls and what is
 * served beside them.
 *
 * @example
 * ```ts
 * const options: AttachOptions = { tags: ['public'], approval: 'deny', validateInputs: true };
 * ```
 */
export type AttachOptions = Pick<ServeOptions, (typeof ATTACH_OPTION_NAMES)[number]>;

const ATTACH_OPTION_KEYS: ReadonlySet<string> = new Set(ATTACH_OPTION_NAMES);

/**
 * Refuses an option that only a server of our own has (a port, a transport...), naming it.
 *
 * @throws {TypeError} for a non-object.
 * @throws {InvalidOptionError} for an option `attachToServer` does not take.
 */
export function checkAttachOptions(options: unknown): AttachOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw new TypeError('options must be an object');
  for (const key of Object.keys(options)) {
    if (!ATTACH_OPTION_KEYS.has(key)) {
      const takes = [...ATTACH_OPTION_KEYS].join(', ');
      throw new InvalidOptionError({
        option: key,
        value: undefined,
        expected: `one of: ${takes}`,
        sentence: [`attachToServer does not take option '${key}'. It takes: ${takes}`],
      });
    }
  }
  return options as AttachOptions;
}
