// `@apcore-mcp/server/governance`: what limits, budgets, the ledger and usage reports are made
// of, for an application that keeps its own store or reads the ledger. Named exports only.

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
export type { LimitCounter, LimitDecision, LimitStore } from './store/limit-store.js';
export {
  createMemoryLimitStore,
  type MemoryLimitStore,
} from './store/memory-limit-store.js';
