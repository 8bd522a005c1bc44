import type { ResourceDefinition, ResourceTemplateDefinition } from '@apcore-mcp/core';
import { UriTemplate } from '@modelcontextprotocol/server';
import { findSpecTypeProblems, listProblems } from '../../kernel/spec-type-problems.js';
import { toListedResource, toListedTemplate } from './defined-resources.js';

/**
 * Why a resource or template must not be served: as listed, it breaks the MCP schema of its
 * type, or a template's `uriTemplate` is no RFC 6570 template the SDK can match.
 *
 * @example
 * ```ts
 * describeResourceProblems(readme); // undefined
 * ```
 */
export function describeResourceProblems(
  definition: ResourceDefinition | ResourceTemplateDefinition,
): string | undefined {
  if (definition.kind === 'resource') {
    return describeSpecProblems('Resource', toListedResource(definition));
  }
  if (!parsesAsTemplate(definition.uriTemplate)) {
    return 'its uriTemplate is not an RFC 6570 template the SDK can match';
  }
  return describeSpecProblems('ResourceTemplate', toListedTemplate(definition));
}

function describeSpecProblems(
  type: 'Resource' | 'ResourceTemplate',
  listed: unknown,
): string | undefined {
  const problems = findSpecTypeProblems(type, listed);
  return problems.length === 0
    ? undefined
    : `it breaks the MCP ${type} schema: ${listProblems(problems)}`;
}

function parsesAsTemplate(uriTemplate: string): boolean {
  try {
    new UriTemplate(uriTemplate);
    return true;
  } catch {
    return false;
  }
}
