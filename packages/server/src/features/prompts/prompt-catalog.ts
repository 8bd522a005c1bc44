import type { PromptDefinition } from '@apcore-mcp/core';
import type { DefinitionSource } from '../../kernel/definition-list.js';

/**
 * One entry of `prompts/list`, declared here so it assigns to either SDK major's `Prompt`.
 *
 * @example
 * ```ts
 * const prompt: McpPrompt = { name: 'greet', arguments: [{ name: 'who', required: true }] };
 * ```
 */
export type McpPrompt = {
  name: string;
  title?: string;
  description?: string;
  arguments?: { name: string; title?: string; description?: string; required?: boolean }[];
};

/**
 * The prompts declared with `definePrompt` (the `prompts` option, or the files of an extensions
 * directory), read from their source on every request. Definitions have no ACL: every caller
 * sees them all.
 *
 * @example
 * ```ts
 * const prompts = new PromptCatalog({ current: () => [greet], live: false });
 * prompts.find('greet');
 * ```
 */
export class PromptCatalog {
  readonly #prompts: DefinitionSource<PromptDefinition>;

  constructor(prompts: DefinitionSource<PromptDefinition>) {
    this.#prompts = prompts;
  }

  /** Whether there is any prompt to serve right now. */
  get isEmpty(): boolean {
    return this.current().length === 0;
  }

  /** Whether the prompts may change while serving (a function was given). */
  get live(): boolean {
    return this.#prompts.live;
  }

  /** The prompts served right now. */
  current(): readonly PromptDefinition[] {
    return this.#prompts.current();
  }

  /** The prompts, as `prompts/list` shows them. */
  list(): McpPrompt[] {
    return this.current().map(toListedPrompt);
  }

  /** Whether any prompt argument has values to suggest (an `enum` or `complete`). */
  completes(): boolean {
    return this.current().some((prompt) =>
      prompt.arguments.some(
        (argument) => argument.enum !== undefined || argument.complete !== undefined,
      ),
    );
  }

  /** The prompt named `name`, if any. */
  find(name: string): PromptDefinition | undefined {
    return this.current().find((prompt) => prompt.name === name);
  }
}

/**
 * A prompt as `prompts/list` shows it.
 *
 * @example
 * ```ts
 * toListedPrompt(definePrompt({ name: 'greet', get: () => 'Hi' })); // { name: 'greet' }
 * ```
 */
export function toListedPrompt(prompt: PromptDefinition): McpPrompt {
  const listed: McpPrompt = { name: prompt.name };
  if (prompt.title !== undefined) listed.title = prompt.title;
  if (prompt.description !== undefined) listed.description = prompt.description;
  if (prompt.arguments.length > 0) {
    listed.arguments = prompt.arguments.map(({ name, title, description, required }) => ({
      name,
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      required,
    }));
  }
  return listed;
}
