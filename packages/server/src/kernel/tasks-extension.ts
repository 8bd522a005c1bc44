/**
 * The tasks extension's identifier, under `capabilities.extensions` (2026-07-28): a client that
 * lists it takes tasks; a server that lists it serves them.
 *
 * @example
 * ```ts
 * const capabilities = { extensions: { [TASKS_EXTENSION]: {} } };
 * ```
 */
export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';
