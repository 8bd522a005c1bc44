import { defineModule, type ModuleDefinition } from '@apcore-mcp/core';
import { buildRequest } from '../calls/build-request.js';
import { mapAnswer } from '../calls/map-answer.js';
import { sendRequest } from '../calls/send-request.js';
import { buildInputPlan } from './input-schema.js';
import { annotationsForMethod, type HttpMethod } from './method-annotations.js';
import { buildOutputSchema } from './output-schema.js';
import type { RequestPlan } from './request-plan.js';

/** One operation of the document, as found under `paths`. */
export interface OperationSource {
  path: string;
  method: HttpMethod;
  pathItem: Record<string, unknown>;
  operation: Record<string, unknown>;
}

/** What every operation's calls share. */
export interface CallSettings {
  version: '3.0' | '3.1';
  baseUrl: URL;
  headers: Readonly<Record<string, string>>;
  timeoutMs: number;
  maxResponseBytes: number;
}

/** The tool description: summary and description, else the method and path. */
function describe({ path, method, operation }: OperationSource): string {
  const parts = [operation.summary, operation.description].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  const text = parts.length === 0 ? `${method.toUpperCase()} ${path}` : parts.join('\n\n');
  return operation.deprecated === true ? `${text}\n\n(Deprecated.)` : text;
}

/**
 * The module of one operation: its schemas, annotations from its method, its tags, and an
 * `execute` that sends the request and maps the answer.
 *
 * @throws {UnconvertibleSchemaError} when its schemas cannot be converted.
 */
export function createOperationModule(
  moduleId: string,
  source: OperationSource,
  settings: CallSettings,
): ModuleDefinition {
  const input = buildInputPlan(source.path, source.pathItem, source.operation, settings.version);
  const outputSchema = buildOutputSchema(source.operation, settings.version);
  const plan: RequestPlan = {
    method: source.method,
    path: source.path,
    bindings: input.bindings,
    ...(input.bodyMediaType === undefined ? {} : { bodyMediaType: input.bodyMediaType }),
    ...(input.bodyRequired === true ? { bodyRequired: true } : {}),
  };
  const { operation } = source;
  return defineModule({
    moduleId,
    ...(typeof operation.summary === 'string' ? { name: operation.summary } : {}),
    description: describe(source),
    inputSchema: input.schema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    tags: Array.isArray(operation.tags)
      ? operation.tags.filter((tag) => typeof tag === 'string')
      : [],
    annotations: annotationsForMethod(source.method),
    // The executor's time limit is the module's own, so a server's default for modules without
    // one (the CLI's --timeout) never cuts a call shorter than the configured timeoutMs.
    timeoutMs: settings.timeoutMs,
    metadata: {
      http_method: source.method.toUpperCase(),
      url_path: source.path,
      ...(typeof operation.operationId === 'string' ? { operation_id: operation.operationId } : {}),
    },
    execute: async (inputs, context) => {
      const request = buildRequest(plan, inputs, settings.baseUrl, settings.headers);
      const answer = await sendRequest(request, {
        moduleId,
        signal: context.signal,
        timeoutMs: settings.timeoutMs,
        maxResponseBytes: settings.maxResponseBytes,
      });
      return mapAnswer(answer, settings.baseUrl);
    },
  });
}
