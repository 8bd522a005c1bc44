import { InvalidResultError } from '../errors/invalid-result-error.js';

/**
 * Binary data a result helper takes: bytes (`Uint8Array`, `Buffer`, any typed array or an
 * `ArrayBuffer`) or the base64 text of them.
 *
 * @example
 * ```ts
 * const data: BinaryData = readFileSync('logo.png'); // or 'iVBORw0KGgo...'
 * ```
 */
export type BinaryData = Uint8Array | ArrayBufferView | ArrayBuffer | string;

/**
 * Standard base64 with its padding (RFC 4648 §4), what MCP carries. One character class, so
 * megabytes of it never run into the regular expression engine's backtracking limits.
 */
const BASE64_CHARACTERS = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Whether `value` is standard, padded base64 (the empty string included).
 *
 * @example
 * ```ts
 * isBase64('aGk='); // true
 * isBase64('hi!'); // false
 * ```
 */
export function isBase64(value: string): boolean {
  return value.length % 4 === 0 && BASE64_CHARACTERS.test(value);
}

/**
 * `data` as base64 text: bytes are encoded, a string is checked and kept.
 *
 * @throws {InvalidResultError} naming `where` (`image: data`) when `data` is neither bytes nor valid base64.
 * @example
 * ```ts
 * toBase64Data('image: data', new Uint8Array([104, 105])); // 'aGk='
 * ```
 */
export function toBase64Data(where: string, data: unknown): string {
  if (typeof data === 'string') {
    if (!isBase64(data)) {
      throw new InvalidResultError(
        `${where} is not valid base64 (${data.length} characters); pass the bytes or their standard, padded base64`,
      );
    }
    return data;
  }
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('base64');
  if (ArrayBuffer.isView(data)) {
    return Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  }
  throw new InvalidResultError(
    `${where} must be bytes (Uint8Array, Buffer) or a base64 string, got ${describeKind(data)}`,
  );
}

/**
 * How many bytes the base64 text `data` stands for.
 *
 * @example
 * ```ts
 * base64ByteLength('aGk='); // 2
 * ```
 */
export function base64ByteLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

/**
 * A few words for what `value` is, for error messages.
 *
 * @example
 * ```ts
 * describeKind([1]); // 'an array'
 * ```
 */
export function describeKind(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
