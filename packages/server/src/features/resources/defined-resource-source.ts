import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { runAskingDefinition } from '../../protocol/asking-definition-call.js';
import type { ResourceSource } from '../../protocol/resource-source.js';
import type { RequestTarget } from '../../requests/mcp-request.js';
import type { DefinedResources } from './defined-resources.js';

/**
 * The defined resources and templates as the frame's resource methods read them: every caller
 * sees them all; a read may ask the client (`ask()`, `elicit()`, ...) as a prompt's `get` may;
 * a read names the template it matches (or the resource's own URI) in metrics, spans and the
 * ledger, with the template's variables as its arguments; a URI that looks meant for a
 * template but does not match it is -32602 naming the template.
 *
 * @example
 * ```ts
 * const source = definedResourceSource(defined);
 * ```
 */
export function definedResourceSource(defined: DefinedResources): ResourceSource {
  return {
    list: () => defined.list(),
    listTemplates: () => defined.listTemplates(),
    serves: (uri) => defined.match(uri) !== undefined,
    read: (uri, { ctx, asking }) => {
      if (defined.match(uri) === undefined) return undefined;
      const call = { tool: `resource ${uri}`, arguments: {} };
      return runAskingDefinition(
        ctx,
        asking,
        { call, what: `Reading resource ${uri}` },
        (context) => defined.read(uri, context),
      );
    },
    targetOf: (uri) => definedTarget(uri, defined),
    notFound: (uri) => {
      const template = defined.nearestTemplate(uri);
      if (template === undefined) return undefined;
      return new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Resource not found: ${uri} does not match the template ${template.uriTemplate}`,
        { uri, uriTemplate: template.uriTemplate },
      );
    },
  };
}

function definedTarget(uri: string, defined: DefinedResources): RequestTarget | undefined {
  const found = defined.match(uri);
  if (found === undefined) return undefined;
  if ('resource' in found) return { kind: 'resource', name: uri, label: uri, arguments: {} };
  const { template, params } = found;
  return { kind: 'resource', name: uri, label: template.uriTemplate, arguments: params };
}
