import type { GroupingOption } from '@apcore-mcp/annotations';
import type { Identity, ModuleAnnotations } from '@apcore-mcp/core';
import type { ContextFactory, ToolNameStyle } from '@apcore-mcp/core/bridge';
import type { Tracer } from '@opentelemetry/api';
import type { Registry } from 'prom-client';
import { describe, expectTypeOf, it } from 'vitest';
import type { ApprovalOption } from '../calls/approval-option.js';
import type { AuthOptions, ResolvedAuth } from '../features/auth/auth-options.js';
import type { Authenticate } from '../features/auth/authenticate.js';
import type { LedgerStore } from '../features/governance/ledger-record.js';
import type { LimitsOptions, ResolvedLimits } from '../features/governance/limits-option.js';
import type { MetricsOption, MetricsRegistry } from '../features/metrics/server-metrics.js';
import type { TracingOption } from '../features/tracing/tracing-option.js';
import type { ResolvedUsage, UsageOption } from '../features/usage/usage-option.js';
import type { ToolGrouping } from '../grouping/grouping-options.js';
import type { CacheHints } from '../kernel/cache-hints.js';
import type { Logger, LogLevel } from '../kernel/logger.js';
import type { TransportName } from '../kernel/transports.js';
import type { LimitStore } from '../store/limit-store.js';
import type { CorsOptions, ResolvedCors } from '../transports/cors.js';
import type { TlsOptions } from '../transports/tls-option.js';
import type { ResolvedOptions, ServeOptions } from './serve-options.js';

type Hook = () => void | Promise<void>;
type Allowlist = readonly string[] | '*';

// The public contract of serve() as it stood when the table came in: each of these options must
// keep exactly this type (an option added later is the table's alone).
interface ServeOptionsContract {
  transport?: string;
  host?: string;
  port?: number;
  path?: string;
  stateless?: boolean;
  name?: string;
  version?: string;
  tags?: readonly string[];
  anyTags?: readonly string[];
  excludeTags?: readonly string[];
  prefix?: string;
  toolNames?: ToolNameStyle;
  grouping?: GroupingOption;
  maxTools?: number;
  toonDescriptions?: boolean;
  groupAnnotations?: Readonly<Record<string, Partial<ModuleAnnotations>>>;
  logLevel?: string;
  logger?: Logger;
  onStartup?: Hook;
  onShutdown?: Hook;
  toolSearch?: boolean;
  dynamic?: boolean;
  cacheHints?: CacheHints;
  validateInputs?: boolean;
  maxResultBytes?: number;
  callTimeoutMs?: number;
  allowedOrigins?: Allowlist;
  allowedHosts?: Allowlist;
  maxBodyBytes?: number;
  maxSessions?: number;
  sessionIdleTimeoutMs?: number;
  contextFactory?: ContextFactory;
  identity?: Identity;
  authenticate?: Authenticate;
  auth?: AuthOptions;
  cors?: CorsOptions;
  tls?: TlsOptions;
  shutdownGraceMs?: number;
  handleSignals?: boolean;
  approval?: ApprovalOption;
  stateKey?: string | Uint8Array;
  tracing?: TracingOption;
  metrics?: MetricsOption;
  metricsPort?: number;
  limits?: LimitsOptions;
  store?: LimitStore;
  ledger?: string | LedgerStore;
  usage?: UsageOption;
}

// What the runtime, the router and the transports read.
interface ResolvedOptionsContract {
  transport: TransportName;
  host: string;
  port: number;
  path: string;
  stateless: boolean;
  name: string;
  version: string;
  tags: readonly string[] | undefined;
  anyTags: readonly string[] | undefined;
  excludeTags: readonly string[] | undefined;
  prefix: string | undefined;
  toolNames: ToolNameStyle;
  grouping: ToolGrouping;
  logLevel: LogLevel;
  logger: Logger | undefined;
  onStartup: Hook | undefined;
  onShutdown: Hook | undefined;
  dynamic: boolean;
  toolSearch: boolean;
  cacheHints: CacheHints | undefined;
  validateInputs: boolean;
  maxResultBytes: number;
  callTimeoutMs: number | undefined;
  allowedOrigins: Allowlist | undefined;
  allowedHosts: Allowlist | undefined;
  maxBodyBytes: number;
  maxSessions: number;
  sessionIdleTimeoutMs: number;
  contextFactory: ContextFactory | undefined;
  identity: Identity | undefined;
  authenticate: Authenticate | undefined;
  auth: ResolvedAuth | undefined;
  cors: ResolvedCors | undefined;
  tls: TlsOptions | undefined;
  shutdownGraceMs: number;
  handleSignals: boolean;
  approval: ApprovalOption;
  stateKey: Uint8Array | undefined;
  tracing: TracingOption;
  metrics: false | true | { registry: MetricsRegistry };
  metricsPort: number | undefined;
  limits: ResolvedLimits | undefined;
  store: LimitStore | undefined;
  ledger: string | LedgerStore | undefined;
  usage: ResolvedUsage | undefined;
}

describe('the types the option table infers', () => {
  it('keep the ServeOptions of the public API', () => {
    expectTypeOf<
      Pick<ServeOptions, keyof ServeOptionsContract>
    >().toEqualTypeOf<ServeOptionsContract>();
  });

  it("take prom-client's Registry and OpenTelemetry's Tracer without naming them", () => {
    expectTypeOf<{ registry: Registry }>().toExtend<MetricsOption>();
    expectTypeOf<{ tracer: Tracer }>().toExtend<TracingOption>();
  });

  it('keep the ResolvedOptions the server reads', () => {
    expectTypeOf<
      Pick<ResolvedOptions, keyof ResolvedOptionsContract>
    >().toEqualTypeOf<ResolvedOptionsContract>();
  });
});
