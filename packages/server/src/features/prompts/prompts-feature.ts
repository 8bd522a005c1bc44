import type { PromptDefinition } from '@apcore-mcp/core';
import type { ServerCapabilities } from '@modelcontextprotocol/server';
import { defineServerFeature } from '../../feature-api/server-feature.js';
import { DefinitionChecks } from '../../kernel/definition-checks.js';
import { findSpecTypeProblems, listProblems } from '../../kernel/spec-type-problems.js';
import { DefinitionListAnnouncer } from '../../protocol/definition-list-announcer.js';
import { PromptCatalog, toListedPrompt } from './prompt-catalog.js';
import { promptCompletion } from './prompt-completer.js';
import { registerPromptHandlers } from './prompt-handlers.js';
import { PROMPT_OPTIONS } from './prompt-options.js';

/**
 * The prompts declared with `definePrompt` (the `prompts` option): `prompts/list` and
 * `prompts/get` (a prompt may ask the client), their arguments completed, and a change of a
 * live list announced on `definitionsChanged()`. A prompt that breaks its MCP schema is left
 * out, told once at start.
 *
 * @example
 * ```ts
 * const features = [PROMPTS_FEATURE];
 * ```
 */
export const PROMPTS_FEATURE = defineServerFeature({
  name: 'prompts',
  options: PROMPT_OPTIONS,
  open: ({ prompts: given }, { logger }, { changes }) => {
    const checks = new DefinitionChecks<PromptDefinition>(logger, (prompt) => {
      const problems = findSpecTypeProblems('Prompt', toListedPrompt(prompt));
      return problems.length === 0
        ? undefined
        : `it breaks the MCP Prompt schema: ${listProblems(problems)}`;
    });
    const prompts = new PromptCatalog(checks.servable(given));
    const notServed = () => checks.notServed([given]);
    // Judged now, so that a prompt left out is told at start, not at its first listing.
    notServed();
    const announcer = new DefinitionListAnnouncer({
      name: 'prompts',
      source: prompts,
      changes,
      logger,
    });
    return {
      surface: {
        capabilities: () => promptCapabilities(prompts),
        // Prompts are served only while there are any (or a live source that may bring some).
        addHandlers: (target, { asking, requests }) => {
          if (servesPrompts(prompts)) registerPromptHandlers(target, { prompts, asking, requests });
          return undefined;
        },
        completions: { prompt: (name, argument) => promptCompletion(prompts, name, argument) },
        hostEntries: () => ({ prompts: prompts.current() }),
      },
      definitionsChanged: () => announcer.announce(),
      notServed,
    };
  },
});

/**
 * Whether there are prompts to serve: the `prompts` capability and handlers only then. A live
 * source counts from the start, empty or not: a prompt added later is announced on the
 * connections open by then, which must have been told of prompts when they began.
 */
function servesPrompts(prompts: PromptCatalog): boolean {
  return prompts.live || !prompts.isEmpty;
}

/**
 * `prompts` (with `listChanged` when they may change while serving) while there are some;
 * `completions` while an argument suggests values, or from the start with a live source.
 */
function promptCapabilities(prompts: PromptCatalog): ServerCapabilities {
  return {
    ...(servesPrompts(prompts) ? { prompts: prompts.live ? { listChanged: true } : {} } : {}),
    ...(prompts.live || prompts.completes() ? { completions: {} } : {}),
  };
}
