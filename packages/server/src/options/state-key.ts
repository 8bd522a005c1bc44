import { randomBytes } from 'node:crypto';
import { REDACTED_VALUE } from '@apcore-mcp/core/bridge';
import { InvalidOptionError, type OptionSentence } from '../kernel/invalid-option-error.js';

/** The HMAC key length the SDK's requestState codec demands (256 bits). */
const MIN_KEY_BYTES = 32;

const HEX = /^(?:[0-9a-fA-F]{2})+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_-]+)$/;

/**
 * Checks the `stateKey` option: the key that signs the `requestState` 2026-07-28 clients echo
 * back, at least 32 bytes. Text is read as hex when it is hex (an even number of hex digits),
 * else as base64 (standard or URL-safe). Returns a copy, so later changes to the caller's
 * bytes do nothing.
 *
 * @throws {InvalidOptionError} neither text nor bytes, text that is neither hex nor base64, or
 *   fewer than 32 bytes; its `value` is never the key.
 * @example
 * ```ts
 * resolveStateKey(randomBytes(32).toString('hex'));
 * ```
 */
export function resolveStateKey(value: unknown): Uint8Array | undefined {
  if (value === undefined) return undefined;
  const key = decodeKey(value);
  if (key.length < MIN_KEY_BYTES) {
    throw invalidKey([
      { option: 'stateKey' },
      ` must be at least ${MIN_KEY_BYTES} bytes (64 hex digits or 44 base64 characters), got ${key.length} bytes`,
    ]);
  }
  return key;
}

function decodeKey(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (typeof value !== 'string') {
    throw invalidKey([
      { option: 'stateKey' },
      ` must be a hex or base64 string or a Uint8Array, got ${value === null ? 'null' : typeof value}`,
    ]);
  }
  const text = value.trim();
  if (HEX.test(text)) return new Uint8Array(Buffer.from(text, 'hex'));
  if (BASE64.test(text)) return new Uint8Array(Buffer.from(text, 'base64'));
  // Never echo the value: it is meant to be a secret.
  throw invalidKey([
    { option: 'stateKey' },
    ` text must be hex or base64 (got ${text.length} other characters)`,
  ]);
}

/** Never holds the key: it is meant to be a secret. */
function invalidKey(sentence: OptionSentence): InvalidOptionError {
  return new InvalidOptionError({
    option: 'stateKey',
    value: REDACTED_VALUE,
    expected: `a key of at least ${MIN_KEY_BYTES} bytes, as hex or base64 text or a Uint8Array`,
    sentence,
  });
}

/**
 * A random 32-byte key, for a server given no `stateKey`: state it signs is only good on this
 * process, so several instances behind one endpoint need a shared key.
 *
 * @example
 * ```ts
 * const key = options.stateKey ?? createRandomStateKey();
 * ```
 */
export function createRandomStateKey(): Uint8Array {
  return new Uint8Array(randomBytes(MIN_KEY_BYTES));
}
