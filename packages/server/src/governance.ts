// `@apcore-mcp/server/governance`: what limits, budgets, the ledger and usage reports are made
// of, for an application that keeps its own store or reads the ledger, and the dry run of a
// call against them. Named exports only.

export type { PreflightReport } from './calls/pipeline/preflight-entry.js';

export {
  type JsonLinesLedgerOptions,
  JsonLinesLedgerStore,
} from './features/governance/json-lines-ledger-store.js';
export {
  type LedgerRecord,
  type LedgerStore,
  parseLedgerLine,
} from './features/governance/ledger-record.js';
export {
  type SummarizeUsageOptions,
  summarizeUsage,
} from './features/governance/summarize-usage.js';
export type { ToolUsage, UsageReport } from './kernel/tool-usage.js';
export { type CallToCheck, checkCall } from './lifecycle/check-call.js';
export type { LimitCounter, LimitDecision, LimitStore } from './store/limit-store.js';
export {
  createMemoryLimitStore,
  type MemoryLimitStore,
} from './store/memory-limit-store.js';
