// How calls that become MCP tasks are kept and bounded.

import type { TaskEngine } from '@apcore-mcp/core/bridge';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { integerOption } from '../../kernel/primitive-options.js';

/** One hour: how long tasks are kept, and how long one may take, unless told. */
const ONE_HOUR_MS = 3_600_000;

/**
 * The task options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * TASK_OPTIONS.maxTasks.defaultValue; // 1000
 * ```
 */
export const TASK_OPTIONS = {
  /**
   * Where tasks live and run: this process's memory (the default, built from the options
   * below), or an engine you built (`@apcore-mcp/tasks` keeps them in Redis and runs them on
   * BullMQ workers).
   */
  tasks: declareOption<TaskEngine, TaskEngine | undefined>({
    expected: 'a task engine (create, get, update, cancel, start, onChange, close)',
    defaultValue: undefined,
    resolve: resolveTaskEngine,
  }),
  /** How long a task is kept after its creation, whatever its status, in ms; default 1 hour. */
  taskTtlMs: integerOption({
    minimum: 1000,
    defaultValue: ONE_HOUR_MS,
    cli: [
      {
        key: 'task-ttl',
        kind: 'integer',
        scale: 1000,
        help: 'Seconds a task (and its result) is kept after it was created',
      },
    ],
  }),
  /** How long a task may run before it fails, in ms (from its creation); default 1 hour. */
  taskTimeoutMs: integerOption({
    minimum: 1,
    defaultValue: ONE_HOUR_MS,
    cli: [
      {
        key: 'task-timeout',
        kind: 'integer',
        scale: 1000,
        help: "Seconds a task may take before it fails (a module's own timeoutMs still counts)",
      },
    ],
  }),
  /**
   * How many live tasks all subjects may have together; one more is refused. A task is live
   * until it is cancelled, its owner fetched its outcome, or it expires. Default 1000.
   */
  maxTasks: integerOption({
    minimum: 1,
    defaultValue: 1000,
    cli: [
      {
        key: 'max-tasks',
        kind: 'integer',
        help: 'Most live tasks of all callers together; a call that would make one more is refused',
      },
    ],
  }),
  /**
   * How many live tasks one subject (the authenticated caller; every unauthenticated caller is
   * one subject) may have; one more is refused. Default 100.
   */
  maxTasksPerSubject: integerOption({
    minimum: 1,
    defaultValue: 100,
    cli: [
      {
        key: 'max-tasks-per-subject',
        kind: 'integer',
        help: 'Most live tasks of one caller; a call that would make one more is refused',
      },
    ],
  }),
  /**
   * On 2026-07-28, a call of a task-supporting tool from a client that takes tasks runs on the
   * call and, still running after this many ms, is answered with a task that finishes with its
   * answer; 0 (the default): such calls are tasks from their start, as their module's
   * `taskStart` says. 2025-11-25 calls are tasks only when the client asks, either way.
   */
  taskAfterMs: integerOption({
    minimum: 0,
    defaultValue: 0,
    cli: [
      {
        key: 'task-after',
        kind: 'integer',
        scale: 1000,
        help: 'Seconds a call of a task-supporting tool runs before it is answered as a task (2026-07-28 clients that take tasks); 0: at once',
      },
    ],
  }),
  /** The polling interval suggested to clients, in ms; default 1000. */
  taskPollIntervalMs: integerOption({
    minimum: 1,
    defaultValue: 1000,
  }),
};

const ENGINE_METHODS = ['create', 'get', 'update', 'cancel', 'start', 'onChange', 'close'];

function resolveTaskEngine(value: unknown): TaskEngine {
  const candidate = value as Record<string, unknown> | null;
  const missing = ENGINE_METHODS.filter((name) => typeof candidate?.[name] !== 'function');
  if (typeof value !== 'object' || missing.length > 0) {
    const expected = TASK_OPTIONS.tasks.expected;
    const sentence = [{ option: 'tasks' }, ` must be ${expected}; missing: ${missing.join(', ')}`];
    throw new InvalidOptionError({ option: 'tasks', value, expected, sentence });
  }
  return value as TaskEngine;
}
