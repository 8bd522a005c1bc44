import { InvalidInputError } from '@apcore-mcp/core';
import type { RequestPlan } from '../modules/request-plan.js';
import { pathValue, queryPairs, simpleValue } from './serialize-parameter.js';

/** A request ready for `fetch`. */
export interface BuiltRequest {
  url: URL;
  method: string;
  headers: Headers;
  body?: string;
}

/** `baseUrl` and a path joined: the base's own path kept (`https://h/api` + `/pets`). */
function joinUrl(baseUrl: URL, path: string): URL {
  const url = new URL(baseUrl.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url;
}

/**
 * The HTTP request of one call: path parameters percent-encoded into the template, query,
 * header and cookie parameters in their document's style, the JSON body, then the configured
 * headers over everything (they are the call's only credentials).
 */
export function buildRequest(
  plan: RequestPlan,
  inputs: Record<string, unknown>,
  baseUrl: URL,
  configuredHeaders: Readonly<Record<string, string>>,
): BuiltRequest {
  let path = plan.path;
  const query: [string, string][] = [];
  const headers = new Headers({ accept: 'application/json, */*;q=0.5' });
  const cookies: string[] = [];
  let body: unknown;
  const bodyProperties: Record<string, unknown> = {};
  for (const binding of plan.bindings) {
    const value = inputs[binding.property];
    if (value === undefined) continue;
    if (binding.location === 'body') body = value;
    else if (binding.location === 'body-property') bodyProperties[binding.name] = value;
    else if (binding.location === 'path') {
      const text = pathValue(binding.name, value, binding.style, binding.explode);
      // A URL takes a "." or ".." segment as a step up: the call would reach another path.
      if (text === '.' || text === '..') {
        throw new InvalidInputError(
          `${binding.property} cannot be "${text}": it would change the path`,
        );
      }
      path = path.replaceAll(`{${binding.name}}`, text);
    } else if (binding.location === 'query') {
      query.push(...queryPairs(binding.name, value, binding.style, binding.explode));
    } else if (binding.location === 'header') {
      const text = simpleValue(value, binding.explode);
      // Line breaks would end the header and start another: fetch refuses them, say why here.
      if (/[\r\n\0]/.test(text)) {
        throw new InvalidInputError(`${binding.property} cannot hold a line break`);
      }
      headers.set(binding.name, text);
    } else cookies.push(`${binding.name}=${encodeURIComponent(simpleValue(value, false))}`);
  }
  const url = joinUrl(baseUrl, path);
  for (const [name, value] of query) url.searchParams.append(name, value);
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
  if (Object.keys(bodyProperties).length > 0) body = { ...bodyProperties };
  if (plan.bodyRequired === true) body ??= {};
  for (const [name, value] of Object.entries(configuredHeaders)) headers.set(name, value);
  if (body === undefined) return { url, method: plan.method.toUpperCase(), headers };
  headers.set('content-type', plan.bodyMediaType ?? 'application/json');
  return { url, method: plan.method.toUpperCase(), headers, body: JSON.stringify(body) };
}
