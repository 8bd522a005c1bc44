import type { ResourceContents } from '../content/content-item.js';
import { FieldChecks } from './check-fields.js';
import { type BrandedDefinition, brandDefinition } from './definition-brand.js';
import type { ResourceReadContext } from './definition-context.js';
import { type ResourceReadValue, toResourceContents } from './resource-contents.js';
import { publishResourceUpdate } from './resource-updates.js';

/**
 * What {@link defineResource} takes: the resource's fixed `uri`, its `name` (and optional
 * `title`, `description`, `mimeType`) as `resources/list` shows them, and `read`, which answers
 * `resources/read`.
 *
 * @example
 * ```ts
 * const input: ResourceDefinitionInput = { uri: 'config://app', name: 'app-config', read: () => '{}' };
 * ```
 */
export interface ResourceDefinitionInput {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  /** Default MIME type of what `read` returns (text: `text/plain`, bytes: `application/octet-stream`). */
  mimeType?: string;
  /** The contents: a string, bytes, `{ text | blob, mimeType? }` or several of those. */
  read(context: ResourceReadContext): ResourceReadValue | Promise<ResourceReadValue>;
}

/**
 * A resource made by {@link defineResource}: frozen, branded as a definition (discovery finds it
 * in an extensions directory), its `read` answering with checked `resources/read` contents.
 *
 * @example
 * ```ts
 * const contents = await resource.read({ uri: resource.uri, identity: null, signal });
 * ```
 */
export interface ResourceDefinition extends BrandedDefinition {
  readonly kind: 'resource';
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /**
   * Reads the resource: the contents `resources/read` answers with.
   *
   * @throws {DefinitionResultError} when the definition's `read` returned something unsendable.
   */
  read(context: ResourceReadContext): Promise<ResourceContents[]>;
  /** Tells the clients subscribed to this resource that it changed (they read it again). */
  updated(): void;
}

/** A scheme, then anything: `test://static-text`, `config:app`, `file:///tmp/a.txt`. */
const URI_WITH_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/;

/**
 * Declares a resource at a fixed URI, served beside the modules: export it as the default export
 * of a file in the extensions directory (the CLI serves it) or pass it in `serve()`'s
 * `resources` option. `read` returns a string (text), bytes (binary), `{ text | blob, mimeType }`
 * or an array of those; call `updated()` when the contents change, and clients that subscribed
 * are told.
 *
 * @throws {TypeError} naming the field: a `uri` without a scheme (or with `{` — that is a
 * template, see `defineResourceTemplate`), an empty `name`, a `read` that is not a function.
 * @example
 * ```ts
 * export default defineResource({
 *   uri: 'test://static-text',
 *   name: 'static-text',
 *   mimeType: 'text/plain',
 *   read: () => 'This is the content of the static text resource.',
 * });
 * ```
 */
export function defineResource(input: ResourceDefinitionInput): ResourceDefinition {
  const check = new FieldChecks('defineResource');
  const fields = check.record(input);
  const uri = check.text('uri', fields.uri);
  if (uri.includes('{')) {
    check.fail(`uri ${uri} holds a template expression: declare it with defineResourceTemplate`);
  }
  if (!URI_WITH_SCHEME.test(uri)) {
    check.fail(`uri must be an absolute URI with a scheme (test://name), got ${uri}`);
  }
  const read = check.fn<ResourceDefinitionInput['read']>('read', fields.read);
  const mimeType = check.optionalText('mimeType', fields.mimeType);
  const label = `Resource ${uri}`;
  return brandDefinition('resource', {
    uri,
    name: check.text('name', fields.name),
    ...check.optionalText('title', fields.title),
    ...check.optionalText('description', fields.description),
    ...mimeType,
    read: async (context: ResourceReadContext) =>
      toResourceContents(await read(context), { label, uri, mimeType: mimeType.mimeType }),
    updated: () => publishResourceUpdate(uri),
  }) as ResourceDefinition;
}
