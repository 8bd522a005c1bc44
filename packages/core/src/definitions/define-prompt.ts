import { FieldChecks } from './check-fields.js';
import { type Completer, checkCompleter } from './completer.js';
import { type BrandedDefinition, brandDefinition } from './definition-brand.js';
import type { DefinitionContext } from './definition-context.js';
import { type PromptGetValue, type PromptMessage, toPromptMessages } from './prompt-messages.js';

/**
 * One argument a prompt takes (MCP prompt arguments are strings). `enum` limits the values
 * (another is refused with -32602) and completes them; `complete` suggests values.
 *
 * @example
 * ```ts
 * const language: PromptArgumentInput = { name: 'language', required: true, enum: ['en', 'fr'] };
 * ```
 */
export interface PromptArgumentInput {
  name: string;
  title?: string;
  description?: string;
  /** Default `false`. */
  required?: boolean;
  enum?: readonly string[];
  complete?: Completer;
}

/**
 * An argument of a {@link PromptDefinition}, checked and frozen.
 *
 * @example
 * ```ts
 * prompt.arguments.filter((argument: PromptArgument) => argument.required);
 * ```
 */
export interface PromptArgument {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly required: boolean;
  readonly enum?: readonly string[];
  readonly complete?: Completer;
}

/**
 * The values a prompt's `get` receives, by argument name (checked by the server first: the
 * required ones are there, every one is a string, `enum` ones are among their values).
 *
 * @example
 * ```ts
 * get: ({ topic }: PromptArguments) => `Tell me about ${topic}`,
 * ```
 */
export type PromptArguments = Readonly<Record<string, string>>;

/**
 * What {@link definePrompt} takes.
 *
 * @example
 * ```ts
 * const input: PromptDefinitionInput = { name: 'greet', get: () => 'Say hello' };
 * ```
 */
export interface PromptDefinitionInput {
  name: string;
  title?: string;
  description?: string;
  arguments?: readonly PromptArgumentInput[];
  /** The messages: `[{ role, content }]`, or a string (one user message). */
  get(args: PromptArguments, context: DefinitionContext): PromptGetValue | Promise<PromptGetValue>;
}

/**
 * A prompt made by {@link definePrompt}: frozen, branded as a definition, its `get` answering
 * with checked `prompts/get` messages.
 *
 * @example
 * ```ts
 * const messages = await prompt.get({ topic: 'tea' }, { identity: null, signal });
 * ```
 */
export interface PromptDefinition extends BrandedDefinition {
  readonly kind: 'prompt';
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments: readonly PromptArgument[];
  /**
   * The prompt's messages for `args`.
   *
   * @throws {DefinitionResultError} when the definition's `get` returned something unsendable.
   */
  get(args: PromptArguments, context: DefinitionContext): Promise<PromptMessage[]>;
}

/**
 * Declares a prompt, served beside the modules: the default export of a file in the extensions
 * directory, or an entry of `serve()`'s `prompts` option. `get(args, context)` returns the
 * messages, `[{ role: 'user' | 'assistant', content }]`, each `content` a string, an MCP
 * content item (`{ type: 'image', data, mimeType }`...) or what the result helpers return.
 *
 * @throws {TypeError} naming the field: an empty `name`, a `get` that is not a function, an
 * argument without a name or named twice, a `required` that is not a boolean, an `enum` that is
 * not a non-empty array of strings.
 * @example
 * ```ts
 * export default definePrompt({
 *   name: 'code_review',
 *   description: 'Review a piece of code',
 *   arguments: [{ name: 'code', required: true }, { name: 'language', enum: ['python', 'typescript'] }],
 *   get: ({ code, language = 'code' }) => [{ role: 'user', content: `Review this ${language}:\n${code}` }],
 * });
 * ```
 */
export function definePrompt(input: PromptDefinitionInput): PromptDefinition {
  const check = new FieldChecks('definePrompt');
  const fields = check.record(input);
  const name = check.text('name', fields.name);
  const get = check.fn<PromptDefinitionInput['get']>('get', fields.get);
  const label = `Prompt ${name}`;
  return brandDefinition('prompt', {
    name,
    ...check.optionalText('title', fields.title),
    ...check.optionalText('description', fields.description),
    arguments: checkArguments(check, fields.arguments),
    get: async (args: PromptArguments, context: DefinitionContext) =>
      toPromptMessages(await get(args, context), label),
  }) as PromptDefinition;
}

function checkArguments(check: FieldChecks, value: unknown): readonly PromptArgument[] {
  if (value === undefined) return Object.freeze([]);
  if (!Array.isArray(value)) check.fail('arguments must be an array of { name, ... }');
  const seen = new Set<string>();
  const checked = (value as unknown[]).map((entry, index) => {
    const field = `arguments[${index}]`;
    const argument = check.record(entry, field);
    const name = check.text(`${field}.name`, argument.name);
    if (seen.has(name)) check.fail(`${field}.name: a second argument named ${name}`);
    seen.add(name);
    return Object.freeze(checkArgument(check, field, name, argument));
  });
  return Object.freeze(checked);
}

function checkArgument(
  check: FieldChecks,
  field: string,
  name: string,
  argument: Record<string, unknown>,
): PromptArgument {
  const { required = false, enum: values, complete } = argument;
  if (typeof required !== 'boolean') check.fail(`${field}.required must be a boolean`);
  const isValueList =
    Array.isArray(values) && values.length > 0 && values.every((one) => typeof one === 'string');
  if (values !== undefined && !isValueList) {
    check.fail(`${field}.enum must be a non-empty array of strings`);
  }
  return {
    name,
    ...check.optionalText(`${field}.title`, argument.title, 'title'),
    ...check.optionalText(`${field}.description`, argument.description, 'description'),
    required: required as boolean,
    ...(values === undefined ? {} : { enum: Object.freeze([...(values as string[])]) }),
    ...(complete === undefined
      ? {}
      : { complete: checkCompleter(check, `${field}.complete`, complete) }),
  };
}
