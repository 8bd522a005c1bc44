import { randomBytes } from 'node:crypto';

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
 * @throws {TypeError} neither text nor bytes, or text that is neither hex nor base64.
 * @throws {RangeError} fewer than 32 bytes.
 * @example
 * ```ts
 * resolveStateKey(randomBytes(32).toString('hex'));
 * ```
 */
export function resolveStateKey(value: unknown): Uint8Array | undefined {
  if (value === undefined) return undefined;
  const key = decodeKey(value);
  if (key.length < MIN_KEY_BYTES) {
    throw new RangeError(
      `stateKey must be at least ${MIN_KEY_BYTES} bytes (64 hex digits or 44 base64 characters), got ${key.length} bytes`,
    );
  }
  return key;
}

function decodeKey(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return new Uint8Array(value);
  if (typeof value !== 'string') {
    throw new TypeError(
      `stateKey must be a hex or base64 string or a Uint8Array, got ${value === null ? 'null' : typeof value}`,
    );
  }
  const text = value.trim();
  if (HEX.test(text)) return new Uint8Array(Buffer.from(text, 'hex'));
  if (BASE64.test(text)) return new Uint8Array(Buffer.from(text, 'base64'));
  // Never echo the value: it is meant to be a secret.
  throw new TypeError(`stateKey text must be hex or base64 (got ${text.length} other characters)`);
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
