import type { PromptDefinition } from '@apcore-mcp/core';
import type { ServerCapabilities } from '@modelcontextprotocol/server';
import type { OpenedFeature } from '../../feature-api/server-feature.js';
import { DefinitionChecks } from '../../kernel/definition-checks.js';
import type { DefinitionSource } from '../../kernel/definition-list.js';
import type { Logger } from '../../kernel/logger.js';
import { findSpecTypeProblems, listProblems } from '../../kernel/spec-type-problems.js';
import { DefinitionListAnnouncer } from '../../protocol/definition-list-announcer.js';
import type { ServerChangeHub } from '../../protocol/server-change-hub.js';
import { PromptCatalog, toListedPrompt } from './prompt-catalog.js';
import { promptCompletion } from './prompt-completer.js';
import { registerPromptHandlers } from './prompt-handlers.js';

/**
 * The prompts of one server: checked against the MCP schema, listed, got and completed.
 *
 * @example
 * ```ts
 * const opened = openPrompts(prompts, logger, changes);
 * ```
 */
export function openPrompts(
  given: DefinitionSource<PromptDefinition>,
  logger: Logger,
  changes: ServerChangeHub,
): OpenedFeature {
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
}

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
