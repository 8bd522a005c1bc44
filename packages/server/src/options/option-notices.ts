// What serve() says at startup about options that are valid but worth knowing about.
import type { OptionSentence } from '../kernel/invalid-option-error.js';
import type { ServeOptions } from './serve-options.js';

/**
 * A remark about the options given, logged at startup: not an error, a consequence to know.
 * Its sentence marks the options it names, as an `InvalidOptionError`'s does.
 *
 * @example
 * ```ts
 * const notice: OptionNotice = { level: 'warn', option: 'store', sentence: ['...'] };
 * ```
 */
export interface OptionNotice {
  level: 'info' | 'warn';
  /** The option the remark is about. */
  option: string;
  sentence: OptionSentence;
}

/**
 * The remarks `serve()` makes at startup about these options: without a `stateKey`, no other
 * instance accepts this one's state (info); with a key but no `store`, each instance sharing the
 * key would honour an answered approval once (warn). A wrapper that names options its own way
 * (the CLI) logs them itself and passes a key and a store.
 *
 * @example
 * ```ts
 * for (const notice of optionNotices(options)) logger[notice.level](joinSentence(notice.sentence, String));
 * ```
 */
export function optionNotices(options: Pick<ServeOptions, 'stateKey' | 'store'>): OptionNotice[] {
  if (options.stateKey === undefined) {
    return [
      {
        level: 'info',
        option: 'stateKey',
        sentence: [
          'No ',
          { option: 'stateKey' },
          ' given: answers of 2026-07-28 clients are signed with a random key of this process; ' +
            'several instances serving one endpoint need the same ',
          { option: 'stateKey' },
        ],
      },
    ];
  }
  if (options.store !== undefined) return [];
  return [
    {
      level: 'warn',
      option: 'store',
      sentence: [
        'A state key is given but no ',
        { option: 'store' },
        ': an approval answered once runs once on this instance, but could run once more on ' +
          'each other instance sharing the key; give every instance the same ',
        { option: 'store' },
      ],
    },
  ];
}
