// Any new export added here becomes public API: named exports only, no wildcards.
export type { BullmqTaskEngineOptions } from './bullmq-task-engine-options.js';
export { createBullmqTaskEngine } from './create-bullmq-task-engine.js';
