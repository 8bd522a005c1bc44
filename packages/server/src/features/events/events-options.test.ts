import { defineEventType } from '@apcore-mcp/core';
import { createRecordingLogger } from '@apcore-mcp/test-support';
import { describe, expect, it } from 'vitest';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { checkServeOptions } from '../../options/resolve-options.js';

const check = (options: Record<string, unknown>) => () =>
  checkServeOptions({ transport: 'streamable-http', ...options });

describe('the event options', () => {
  it('take event types, and refuse what defineEventType did not make or two of one name', () => {
    const type = defineEventType({ name: 'stock.low' });
    expect(check({ eventTypes: [type] })).not.toThrow();
    expect(check({ eventTypes: () => [type] })).not.toThrow();
    expect(check({ eventTypes: [{ name: 'stock.low' }] })).toThrow(InvalidOptionError);
    expect(check({ eventTypes: [type, defineEventType({ name: 'stock.low' })] })).toThrow(
      /stock\.low/,
    );
  });

  it('refuses a heartbeat over the SEP bound of 30 s and more than 10 webhook attempts', () => {
    expect(check({ eventHeartbeatMs: 30_000 })).not.toThrow();
    expect(check({ eventHeartbeatMs: 30_001 })).toThrow(/eventHeartbeatMs must be at most 30000/);
    expect(check({ webhookAttempts: 11 })).toThrow(/webhookAttempts must be at most 10/);
    expect(check({ webhookAttempts: 0 })).toThrow(InvalidOptionError);
  });

  it('refuses an event backend without a whole log, naming what it lacks', () => {
    expect(check({ eventBackend: { log: { append() {}, head() {} } } })).toThrow(
      /missing: log\.read, log\.tail, log\.close/,
    );
  });

  it('notes that the webhook URL options do nothing over stdio, and says nothing over HTTP', () => {
    const stdio = createRecordingLogger();
    checkServeOptions({
      transport: 'stdio',
      logger: stdio,
      webhookAllowHttp: true,
      webhookAllowPrivate: true,
    });
    expect(stdio.messages('info')).toEqual([
      'webhookAllowHttp has no effect over stdio: webhooks are served over HTTP only (stdio serves poll and push)',
      'webhookAllowPrivate has no effect over stdio: webhooks are served over HTTP only (stdio serves poll and push)',
    ]);
    const http = createRecordingLogger();
    checkServeOptions({ transport: 'streamable-http', logger: http, webhookAllowHttp: true });
    expect(http.entries).toEqual([]);
  });
});
