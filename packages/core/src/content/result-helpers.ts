import { InvalidResultError } from '../errors/invalid-result-error.js';
import { type BinaryData, describeKind, toBase64Data } from './binary-data.js';
import {
  CONTENT_RESULT_KEY,
  type ContentItem,
  type ContentResult,
  type ResourceLink,
} from './content-item.js';

/**
 * What {@link embeddedResource} takes: the resource's `uri`, its `mimeType` when known, and
 * either its `text` or its bytes as `blob` (bytes or base64).
 *
 * @example
 * ```ts
 * const resource: EmbeddedResourceInput = { uri: 'test://notes', mimeType: 'text/plain', text: 'hi' };
 * ```
 */
export type EmbeddedResourceInput =
  | { uri: string; mimeType?: string; text: string }
  | { uri: string; mimeType?: string; blob: BinaryData };

/**
 * What {@link resourceLink} takes: the spec's `ResourceLink` fields.
 *
 * @example
 * ```ts
 * const link: ResourceLinkInput = { uri: 'file:///report.pdf', name: 'report.pdf', mimeType: 'application/pdf' };
 * ```
 */
export type ResourceLinkInput = Omit<ResourceLink, 'type'>;

function contentResult(item: ContentItem): ContentResult {
  return { [CONTENT_RESULT_KEY]: [item] };
}

function requireString(where: string, value: unknown, allowEmpty = false): string {
  if (typeof value !== 'string') {
    throw new InvalidResultError(`${where} must be a string, got ${describeKind(value)}`);
  }
  if (!allowEmpty && value === '') throw new InvalidResultError(`${where} must not be empty`);
  return value;
}

function requireRecord(where: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InvalidResultError(`${where} expects an object, got ${describeKind(value)}`);
  }
  return value as Record<string, unknown>;
}

/** `{ [field]: value }` for a string, `{}` when absent: spread into an item. */
function optionalString(helper: string, field: string, value: unknown): Record<string, string> {
  return value === undefined ? {} : { [field]: requireString(`${helper}: ${field}`, value) };
}

/**
 * A text result: exactly one text item holding exactly `value`. A module that returns a plain
 * string answers the same.
 *
 * @throws {InvalidResultError} when `value` is not a string.
 * @example
 * ```ts
 * execute: ({ name }) => text(`Hello, ${name}!`),
 * ```
 */
export function text(value: string): ContentResult {
  return contentResult({ type: 'text', text: requireString('text: the text', value, true) });
}

/**
 * An image result.
 *
 * @param data the image's bytes, or their base64 text
 * @param mimeType e.g. `image/png`
 * @throws {InvalidResultError} naming `image` when `data` is neither bytes nor valid base64, or the MIME
 * type is missing.
 * @example
 * ```ts
 * execute: async () => image(await readFile('chart.png'), 'image/png'),
 * ```
 */
export function image(data: BinaryData, mimeType: string): ContentResult {
  return contentResult({
    type: 'image',
    data: toBase64Data('image: data', data),
    mimeType: requireString('image: mimeType', mimeType),
  });
}

/**
 * An audio result.
 *
 * @param data the sound's bytes, or their base64 text
 * @param mimeType e.g. `audio/wav`
 * @throws {InvalidResultError} naming `audio` when `data` is neither bytes nor valid base64, or the MIME
 * type is missing.
 * @example
 * ```ts
 * execute: async () => audio(await readFile('chime.wav'), 'audio/wav'),
 * ```
 */
export function audio(data: BinaryData, mimeType: string): ContentResult {
  return contentResult({
    type: 'audio',
    data: toBase64Data('audio: data', data),
    mimeType: requireString('audio: mimeType', mimeType),
  });
}

/**
 * A resource embedded whole in the result: its text, or its bytes (`blob`).
 *
 * @throws {InvalidResultError} naming `embeddedResource` when the uri is missing, there is not exactly
 * one of `text` and `blob`, or `blob` is neither bytes nor valid base64.
 * @example
 * ```ts
 * execute: () => embeddedResource({ uri: 'test://config', mimeType: 'application/json', text: '{"a":1}' }),
 * ```
 */
export function embeddedResource(resource: EmbeddedResourceInput): ContentResult {
  const fields = requireRecord('embeddedResource', resource);
  const uri = requireString('embeddedResource: uri', fields.uri);
  const mimeType = optionalString('embeddedResource', 'mimeType', fields.mimeType);
  const hasText = fields.text !== undefined;
  if (hasText === (fields.blob !== undefined)) {
    throw new InvalidResultError('embeddedResource: give exactly one of text and blob');
  }
  const body = hasText
    ? { text: requireString('embeddedResource: text', fields.text, true) }
    : { blob: toBase64Data('embeddedResource: blob', fields.blob) };
  return contentResult({ type: 'resource', resource: { uri, ...mimeType, ...body } });
}

/**
 * A link to a resource, for the client to read or fetch when it wants it (the result stays
 * small).
 *
 * @throws {InvalidResultError} naming `resourceLink` when `uri` or `name` is missing, an optional text
 * field is not a string, or `size` is not a number of bytes.
 * @example
 * ```ts
 * execute: () => resourceLink({ uri: 'file:///exports/sales.csv', name: 'sales.csv', mimeType: 'text/csv' }),
 * ```
 */
export function resourceLink(link: ResourceLinkInput): ContentResult {
  const fields = requireRecord('resourceLink', link);
  const { size } = fields;
  if (size !== undefined && !(typeof size === 'number' && Number.isInteger(size) && size >= 0)) {
    throw new InvalidResultError(
      `resourceLink: size must be a whole number of bytes, got ${String(size)}`,
    );
  }
  return contentResult({
    type: 'resource_link',
    uri: requireString('resourceLink: uri', fields.uri),
    name: requireString('resourceLink: name', fields.name),
    ...optionalString('resourceLink', 'title', fields.title),
    ...optionalString('resourceLink', 'description', fields.description),
    ...optionalString('resourceLink', 'mimeType', fields.mimeType),
    ...(size === undefined ? {} : { size: size as number }),
  });
}
