import { fillAnnotations } from './annotations.js';
import type { ContentResult } from './content/content-item.js';
import type { JsonSchema, ModuleAnnotations, ModuleExample } from './contract.js';
import { isRecord } from './is-record.js';
import { copyJson, deepFreeze } from './json-copy.js';
import type { ModuleContext } from './module-context.js';
import { assertValidModuleId } from './module-id.js';
import { describeUiProblem, type ModuleUi, type ModuleUiInput, toModuleUi } from './module-ui.js';
import { readTaskStart, readTaskSupport } from './tasks/task-support.js';

/**
 * What a module may answer besides its output object: content made with the result helpers
 * (`text`, `image`, ...), alone or in an array, or a plain string (one text item).
 *
 * @example
 * ```ts
 * const answer: ContentAnswer = ['A red dot:', image(png, 'image/png')];
 * ```
 */
export type ContentAnswer = ContentResult | string | readonly (ContentResult | string)[];

/** A module's work: sync or async, from validated inputs to an output object (or content). */
export type ExecuteFunction<
  TInputs extends Record<string, unknown> = Record<string, unknown>,
  TOutput extends Record<string, unknown> = Record<string, unknown>,
> = (
  inputs: TInputs,
  context: ModuleContext,
) => TOutput | ContentAnswer | Promise<TOutput | ContentAnswer>;

/** A streaming module's work: an async generator of partial results (content items concatenate). */
export type StreamFunction<
  TInputs extends Record<string, unknown> = Record<string, unknown>,
  TOutput extends Record<string, unknown> = Record<string, unknown>,
> = (inputs: TInputs, context: ModuleContext) => AsyncIterable<Partial<TOutput> | ContentAnswer>;

/** What {@link defineModule} takes. */
export interface ModuleDefinitionInput<
  TInputs extends Record<string, unknown> = Record<string, unknown>,
  TOutput extends Record<string, unknown> = Record<string, unknown>,
> {
  /** Used by discovery instead of the file path. */
  moduleId?: string;
  /** A short display name. */
  name?: string;
  description: string;
  /** Long-form documentation (Markdown). */
  documentation?: string;
  inputSchema: JsonSchema;
  /** Checked against every output when non-empty. */
  outputSchema?: JsonSchema;
  tags?: readonly string[];
  /** Defaults to `1.0.0`. */
  version?: string;
  /** Unset flags take {@link DEFAULT_ANNOTATIONS}. */
  annotations?: Partial<ModuleAnnotations>;
  examples?: readonly ModuleExample[];
  metadata?: Record<string, unknown>;
  /** Overrides the executor's default timeout (milliseconds, 0 = none). */
  timeoutMs?: number;
  /**
   * A UI served next to the module's tool (MCP Apps): a path to an HTML file beside the module
   * (`'./card.html'`), or `{ html | file, csp?, permissions?, prefersBorder? }`.
   */
  ui?: ModuleUiInput;
  execute?: ExecuteFunction<TInputs, TOutput>;
  /** Chunks are partial outputs, so they say nothing about the output type: never infer it here. */
  stream?: StreamFunction<TInputs, NoInfer<TOutput>>;
}

/** A module made by {@link defineModule}: frozen, schemas copied and deep-frozen. */
export interface ModuleDefinition<
  TInputs extends Record<string, unknown> = Record<string, unknown>,
  TOutput extends Record<string, unknown> = Record<string, unknown>,
> {
  readonly moduleId?: string;
  readonly name?: string;
  readonly description: string;
  readonly documentation?: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema?: JsonSchema;
  readonly tags: readonly string[];
  readonly version: string;
  readonly annotations: ModuleAnnotations;
  readonly examples: readonly ModuleExample[];
  readonly metadata: Record<string, unknown>;
  readonly timeoutMs?: number;
  /** The UI, a path given as `{ file }`. */
  readonly ui?: ModuleUi;
  readonly execute?: ExecuteFunction<TInputs, TOutput>;
  readonly stream?: StreamFunction<TInputs, TOutput>;
}

function fail(message: string): never {
  throw new TypeError(`defineModule: ${message}`);
}

function checkDefinition(value: unknown): void {
  if (!isRecord(value)) fail('expects a definition object');
  const definition = value as Partial<ModuleDefinitionInput>;
  if (typeof definition.description !== 'string' || definition.description.trim() === '') {
    fail('description must be a non-empty string');
  }
  if (!isRecord(definition.inputSchema)) fail('inputSchema must be a JSON Schema object');
  if (definition.outputSchema !== undefined && !isRecord(definition.outputSchema)) {
    fail('outputSchema must be a JSON Schema object when given');
  }
  const { execute, stream } = definition;
  if (execute !== undefined && typeof execute !== 'function') fail('execute must be a function');
  if (stream !== undefined && typeof stream !== 'function') fail('stream must be a function');
  if (execute === undefined && stream === undefined) fail('needs an execute or a stream function');
  const { tags, timeoutMs, version } = definition;
  if (
    tags !== undefined &&
    !(Array.isArray(tags) && tags.every((tag) => typeof tag === 'string'))
  ) {
    fail('tags must be an array of strings');
  }
  if (version !== undefined && (typeof version !== 'string' || version === '')) {
    fail('version must be a non-empty string');
  }
  if (timeoutMs !== undefined && !(Number.isFinite(timeoutMs) && timeoutMs >= 0)) {
    fail('timeoutMs must be a number >= 0');
  }
  if (definition.moduleId !== undefined) assertValidModuleId(definition.moduleId);
  const uiProblem = definition.ui === undefined ? null : describeUiProblem(definition.ui);
  if (uiProblem !== null) fail(uiProblem);
  // Read once here so a misspelt value fails where the module is written, not when it is served.
  readTaskSupport(definition.annotations);
  readTaskStart(definition.annotations);
}

/**
 * Declares a module: validates the definition, fills defaults (version `1.0.0`, annotations,
 * tags, examples, metadata) and returns a frozen plain object. Schemas, examples and metadata
 * are copied, so later changes to the objects you passed never reach the module.
 *
 * @throws TypeError when the description is empty, the input schema is not an object, there is
 * neither `execute` nor `stream`, `ui` is malformed, or `annotations.taskSupport` / `taskStart`
 * has an unknown value.
 * @example
 * ```ts
 * export default defineModule({
 *   description: 'Greet someone',
 *   inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
 *   execute: ({ name }) => ({ greeting: `Hello, ${name}!` }),
 * });
 * ```
 */
export function defineModule<
  TInputs extends Record<string, unknown> = Record<string, unknown>,
  TOutput extends Record<string, unknown> = Record<string, unknown>,
>(definition: ModuleDefinitionInput<TInputs, TOutput>): ModuleDefinition<TInputs, TOutput> {
  checkDefinition(definition);
  const module: ModuleDefinition<TInputs, TOutput> = {
    ...(definition.moduleId === undefined ? {} : { moduleId: definition.moduleId }),
    ...(definition.name === undefined ? {} : { name: definition.name }),
    description: definition.description,
    ...(definition.documentation === undefined ? {} : { documentation: definition.documentation }),
    inputSchema: deepFreeze(copyJson(definition.inputSchema)),
    ...(definition.outputSchema === undefined
      ? {}
      : { outputSchema: deepFreeze(copyJson(definition.outputSchema)) }),
    tags: Object.freeze([...(definition.tags ?? [])]),
    version: definition.version ?? '1.0.0',
    annotations: Object.freeze(fillAnnotations(definition.annotations)),
    examples: deepFreeze(copyJson([...(definition.examples ?? [])])),
    metadata: deepFreeze(copyJson({ ...(definition.metadata ?? {}) })),
    ...(definition.timeoutMs === undefined ? {} : { timeoutMs: definition.timeoutMs }),
    ...(definition.ui === undefined ? {} : { ui: deepFreeze(toModuleUi(definition.ui)) }),
    ...(definition.execute === undefined ? {} : { execute: definition.execute }),
    ...(definition.stream === undefined ? {} : { stream: definition.stream }),
  };
  return Object.freeze(module);
}
