import type { ResourceContents } from '../content/content-item.js';
import { FieldChecks } from './check-fields.js';
import { type Completer, checkCompleter } from './completer.js';
import { type BrandedDefinition, brandDefinition } from './definition-brand.js';
import type { ResourceReadContext } from './definition-context.js';
import { type ResourceReadValue, toResourceContents } from './resource-contents.js';
import { publishResourceUpdate } from './resource-updates.js';
import { readTemplateVariables } from './uri-template-variables.js';

/**
 * The values of a template's variables in the URI read: `test://users/{id}` read as
 * `test://users/42` gives `{ id: '42' }` (an exploded list is joined with commas).
 *
 * @example
 * ```ts
 * read: (params: TemplateParams) => `Data for ${params.id}`,
 * ```
 */
export type TemplateParams = Readonly<Record<string, string>>;

/**
 * What {@link defineResourceTemplate} takes: an RFC 6570 `uriTemplate`, the `name` (and
 * optional `title`, `description`, `mimeType`) `resources/templates/list` shows, `read` for the
 * URIs it matches, and optional `complete` suggestions per variable.
 *
 * @example
 * ```ts
 * const input: ResourceTemplateDefinitionInput = {
 *   uriTemplate: 'users://{id}/profile', name: 'profile', read: ({ id }) => profileOf(id),
 * };
 * ```
 */
export interface ResourceTemplateDefinitionInput {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  /** The contents of one matching URI: a string, bytes, `{ text | blob, mimeType? }` or several. */
  read(
    params: TemplateParams,
    context: ResourceReadContext,
  ): ResourceReadValue | Promise<ResourceReadValue>;
  /** `completion/complete` suggestions, by variable name. */
  complete?: Readonly<Record<string, Completer>>;
}

/**
 * A resource template made by {@link defineResourceTemplate}: frozen, branded as a definition,
 * its `read` answering with checked `resources/read` contents.
 *
 * @example
 * ```ts
 * template.variableNames; // ['id']
 * ```
 */
export interface ResourceTemplateDefinition extends BrandedDefinition {
  readonly kind: 'resourceTemplate';
  readonly uriTemplate: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
  /** The template's variables, in order. */
  readonly variableNames: readonly string[];
  readonly complete: Readonly<Record<string, Completer>>;
  /**
   * Reads one URI the template matched.
   *
   * @throws {DefinitionResultError} when the definition's `read` returned something unsendable.
   */
  read(params: TemplateParams, context: ResourceReadContext): Promise<ResourceContents[]>;
  /** Tells the clients subscribed to `uri` (a URI this template matches) that it changed. */
  updated(uri: string): void;
}

/**
 * Declares a family of resources under an RFC 6570 URI template (`test://template/{id}/data`),
 * served beside the modules: the default export of a file in the extensions directory, or an
 * entry of `serve()`'s `resourceTemplates` option. A read of a URI the template matches calls
 * `read(params, context)` with the variables' values; `complete` suggests values for
 * `completion/complete`; `updated(uri)` tells the clients subscribed to `uri` that it changed.
 *
 * @throws {TypeError} naming the field: a `uriTemplate` without a `{variable}` or with an
 * unbalanced brace, an empty `name`, a `read` that is not a function, a `complete` entry for a
 * variable the template does not have.
 * @example
 * ```ts
 * export default defineResourceTemplate({
 *   uriTemplate: 'test://template/{id}/data',
 *   name: 'template',
 *   mimeType: 'application/json',
 *   read: ({ id }) => JSON.stringify({ id, data: `Data for ID: ${id}` }),
 *   complete: { id: ['1', '2', '3'] },
 * });
 * ```
 */
export function defineResourceTemplate(
  input: ResourceTemplateDefinitionInput,
): ResourceTemplateDefinition {
  const check = new FieldChecks('defineResourceTemplate');
  const fields = check.record(input);
  const uriTemplate = check.text('uriTemplate', fields.uriTemplate);
  const variables = readTemplateVariables(uriTemplate);
  if ('problem' in variables) check.fail(`uriTemplate ${uriTemplate} ${variables.problem}`);
  const { names } = variables as { names: string[] };
  const read = check.fn<ResourceTemplateDefinitionInput['read']>('read', fields.read);
  const mimeType = check.optionalText('mimeType', fields.mimeType);
  const label = `Resource template ${uriTemplate}`;
  return brandDefinition('resourceTemplate', {
    uriTemplate,
    name: check.text('name', fields.name),
    ...check.optionalText('title', fields.title),
    ...check.optionalText('description', fields.description),
    ...mimeType,
    variableNames: Object.freeze([...names]),
    complete: checkCompleters(check, fields.complete, names),
    read: async (params: TemplateParams, context: ResourceReadContext) =>
      toResourceContents(await read(params, context), {
        label,
        uri: context.uri,
        mimeType: mimeType.mimeType,
      }),
    updated: (uri: string) => {
      publishResourceUpdate(check.text('updated(uri)', uri));
    },
  }) as ResourceTemplateDefinition;
}

function checkCompleters(
  check: FieldChecks,
  value: unknown,
  names: readonly string[],
): Readonly<Record<string, Completer>> {
  if (value === undefined) return Object.freeze({});
  const completers = check.record(value, 'complete');
  const checked: Record<string, Completer> = {};
  for (const [name, completer] of Object.entries(completers)) {
    if (!names.includes(name)) {
      check.fail(
        `complete.${name}: the template has no variable ${name} (it has ${names.join(', ')})`,
      );
    }
    checked[name] = checkCompleter(check, `complete.${name}`, completer);
  }
  return Object.freeze(checked);
}
