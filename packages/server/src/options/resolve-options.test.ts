import { readFileSync } from 'node:fs';
import { silentLogger } from '@apcore-mcp/core/bridge';
import { describe, expect, it } from 'vitest';
import { invalidOption } from '../__fixtures__/invalid-option.js';
import { InvalidOptionError } from '../kernel/invalid-option-error.js';
import { type ResolveDefaults, resolveOptions } from './resolve-options.js';
import type { ServeOptions } from './serve-options.js';

const SERVE: ResolveDefaults = { transport: 'stdio', handleSignals: true, allowAnyPort: false };
const START: ResolveDefaults = { transport: 'stdio', handleSignals: false, allowAnyPort: true };

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

function resolveHttp(options: ServeOptions, defaults = SERVE) {
  return resolveOptions({ transport: 'streamable-http', ...options }, defaults);
}

describe('resolveOptions', () => {
  it('fills in every default', () => {
    const resolved = resolveOptions(undefined, SERVE);
    expect(resolved).toMatchObject({
      transport: 'stdio',
      host: '127.0.0.1',
      port: 8000,
      path: '/mcp',
      stateless: false,
      name: 'apcore-mcp',
      version: packageVersion,
      logLevel: 'info',
      dynamic: false,
      validateInputs: false,
      maxResultBytes: 1024 * 1024,
      maxBodyBytes: 4 * 1024 * 1024,
      maxSessions: 1000,
      sessionIdleTimeoutMs: 30 * 60 * 1000,
      shutdownGraceMs: 5000,
      handleSignals: true,
      toolNames: 'safe',
    });
    expect(resolveOptions({}, START).handleSignals).toBe(false);
  });

  it('accepts transports and log levels in any case, and WARNING', () => {
    expect(resolveOptions({ transport: 'STDIO' }, SERVE).transport).toBe('stdio');
    expect(resolveOptions({ transport: 'Streamable-HTTP' }, SERVE).transport).toBe(
      'streamable-http',
    );
    expect(resolveOptions({ transport: 'SSE' }, SERVE).transport).toBe('sse');
    expect(resolveOptions({ logLevel: 'DEBUG' }, SERVE).logLevel).toBe('debug');
    expect(resolveOptions({ logLevel: 'WARNING' }, SERVE).logLevel).toBe('warn');
    expect(resolveOptions({ logLevel: 'warn' }, SERVE).logLevel).toBe('warn');
  });

  it('rejects unknown transports naming the allowed ones', () => {
    expect(() => resolveOptions({ transport: 'websocket' }, SERVE)).toThrow(
      invalidOption(
        'transport',
        "Unknown transport: 'websocket'. Must be one of: stdio, streamable-http, sse",
      ),
    );
    expect(() => resolveOptions({ transport: 'http' }, SERVE)).toThrow(invalidOption('transport'));
    expect(() => resolveOptions({ transport: '' }, SERVE)).toThrow(invalidOption('transport'));
    expect(() => resolveOptions({ transport: 3 as unknown as string }, SERVE)).toThrow(
      /transport must be a string \(one of: stdio, streamable-http, sse\)/,
    );
  });

  it('checks the annotations stated per group, naming the group and flag', () => {
    const grouping = { grouping: 'namespace' as const };
    expect(
      resolveOptions({ ...grouping, groupAnnotations: { orders: { destructive: true } } }, SERVE)
        .grouping?.groupAnnotations,
    ).toEqual({ orders: { destructive: true } });
    expect(() =>
      resolveOptions({ ...grouping, groupAnnotations: { orders: { destructiv: true } } }, SERVE),
    ).toThrow(
      invalidOption(
        'groupAnnotations.orders.destructiv',
        'groupAnnotations.orders.destructiv is not an annotation; one of readonly, destructive, idempotent, requiresApproval, openWorld, streaming',
      ),
    );
    expect(() =>
      resolveOptions(
        { ...grouping, groupAnnotations: { orders: { readonly: 1 } } } as never,
        SERVE,
      ),
    ).toThrow(invalidOption('groupAnnotations.orders.readonly'));
  });

  it('checks ports: 1..65535 for serve, 0 also for startServer', () => {
    expect(() => resolveHttp({ port: 0 })).toThrow(
      invalidOption('port', 'Port must be between 1 and 65535, got 0'),
    );
    expect(() => resolveHttp({ port: 65536 })).toThrow(/Port must be between 1 and 65535/);
    expect(() => resolveHttp({ port: 80.5 })).toThrow(invalidOption('port'));
    expect(() => resolveHttp({ port: '80' as unknown as number })).toThrow(
      /port must be an integer/,
    );
    expect(resolveHttp({ port: 1 }).port).toBe(1);
    expect(resolveHttp({ port: 65535 }).port).toBe(65535);
    expect(resolveHttp({ port: 0 }, START).port).toBe(0);
  });

  it('ignores host and port for stdio, as the SRS says', () => {
    const resolved = resolveOptions({ transport: 'stdio', host: '', port: 99999 }, SERVE);
    expect(resolved.transport).toBe('stdio');
  });

  it('validates name, version, host, tags and prefix with the SRS messages', () => {
    expect(() => resolveOptions({ name: '' }, SERVE)).toThrow('name must not be empty');
    expect(() => resolveOptions({ name: 'x'.repeat(256) }, SERVE)).toThrow(
      'name must not exceed 255 characters',
    );
    expect(resolveOptions({ name: 'x'.repeat(255) }, SERVE).name).toHaveLength(255);
    expect(() => resolveOptions({ version: '' }, SERVE)).toThrow('version must not be empty');
    expect(() => resolveHttp({ host: '' })).toThrow('Host must not be empty');
    expect(() => resolveOptions({ tags: ['ok', ''] }, SERVE)).toThrow(
      'Tag values must not be empty',
    );
    expect(() => resolveOptions({ tags: 'public' as unknown as string[] }, SERVE)).toThrow(
      invalidOption('tags', "tags must be an array of strings, got 'public'"),
    );
    expect(() => resolveOptions({ prefix: '' }, SERVE)).toThrow('prefix must not be empty');
    expect(resolveOptions({ tags: [], prefix: 'api.' }, SERVE)).toMatchObject({
      tags: [],
      prefix: 'api.',
    });
  });

  it('takes callTimeoutMs as a whole number of milliseconds of at least 1, and no default', () => {
    expect(resolveOptions({}, SERVE).callTimeoutMs).toBeUndefined();
    expect(resolveOptions({ callTimeoutMs: 1500 }, SERVE).callTimeoutMs).toBe(1500);
    for (const value of [0, -1000, 1.5, Number.NaN, '30000']) {
      expect(() => resolveOptions({ callTimeoutMs: value as number }, SERVE)).toThrow(
        invalidOption('callTimeoutMs'),
      );
    }
    expect(() => resolveOptions({ callTimeoutMs: 0 }, SERVE)).toThrow(
      'callTimeoutMs must be at least 1, got 0',
    );
  });

  it('takes toolNames safe or module-id in any case, and names both on anything else', () => {
    expect(resolveOptions({ toolNames: 'module-id' }, SERVE).toolNames).toBe('module-id');
    expect(resolveOptions({ toolNames: 'SAFE' as 'safe' }, SERVE).toolNames).toBe('safe');
    expect(() => resolveOptions({ toolNames: 'dotted' as 'safe' }, SERVE)).toThrow(
      invalidOption('toolNames', "Unknown toolNames: 'dotted'. Must be one of: safe, module-id"),
    );
    expect(() => resolveOptions({ toolNames: true as unknown as 'safe' }, SERVE)).toThrow(
      invalidOption(
        'toolNames',
        'toolNames must be a string (one of: safe, module-id), got boolean true',
      ),
    );
  });

  it('rejects unknown log levels naming the allowed ones', () => {
    expect(() => resolveOptions({ logLevel: 'verbose' }, SERVE)).toThrow(
      "Unknown log level: 'verbose'. Must be one of: DEBUG, INFO, WARNING, ERROR",
    );
  });

  it('checks the types of booleans, hooks, logger, factory and identity', () => {
    expect(() => resolveOptions({ dynamic: 'yes' as unknown as boolean }, SERVE)).toThrow(
      'dynamic must be a boolean (true or false), got',
    );
    expect(() => resolveOptions({ onStartup: 1 as unknown as () => void }, SERVE)).toThrow(
      'onStartup must be a function',
    );
    expect(() => resolveOptions({ logger: {} as typeof silentLogger }, SERVE)).toThrow(
      /logger must be a pino-compatible logger/,
    );
    expect(resolveOptions({ logger: silentLogger }, SERVE).logger).toBe(silentLogger);
    expect(() => resolveOptions({ contextFactory: {} as never }, SERVE)).toThrow(
      /contextFactory must be an object with a createContext/,
    );
    expect(() => resolveOptions({ identity: { id: '' } }, SERVE)).toThrow(/identity must be/);
  });

  it('validates the HTTP security options', () => {
    expect(resolveOptions({ allowedOrigins: ['*'] }, SERVE).allowedOrigins).toBe('*');
    expect(resolveOptions({ allowedOrigins: '*' }, SERVE).allowedOrigins).toBe('*');
    expect(
      resolveOptions({ allowedOrigins: ['https://app.example.com'] }, SERVE).allowedOrigins,
    ).toEqual(['https://app.example.com']);
    expect(() =>
      resolveOptions({ allowedOrigins: ['https://app.example.com/path'] }, SERVE),
    ).toThrow(/allowedOrigins entry 'https:\/\/app.example.com\/path' is not an origin/);
    expect(() => resolveOptions({ allowedHosts: [''] }, SERVE)).toThrow(/allowedHosts must be/);
    expect(resolveOptions({ allowedHosts: ['Example.com'] }, SERVE).allowedHosts).toEqual([
      'example.com',
    ]);
    expect(() => resolveOptions({ maxBodyBytes: 0 }, SERVE)).toThrow(invalidOption('maxBodyBytes'));
    expect(() => resolveOptions({ maxSessions: 0 }, SERVE)).toThrow(
      invalidOption('maxSessions', 'maxSessions must be at least 1, got 0'),
    );
    expect(() => resolveOptions({ sessionIdleTimeoutMs: -1 }, SERVE)).toThrow(
      invalidOption('sessionIdleTimeoutMs'),
    );
    expect(() =>
      resolveOptions({ sessionIdleTimeoutMs: '5m' as unknown as number }, SERVE),
    ).toThrow(
      invalidOption(
        'sessionIdleTimeoutMs',
        "sessionIdleTimeoutMs must be an integer of at least 0, got '5m'",
      ),
    );
    expect(resolveOptions({ sessionIdleTimeoutMs: 0, maxSessions: 5 }, SERVE)).toMatchObject({
      sessionIdleTimeoutMs: 0,
      maxSessions: 5,
    });
    expect(() => resolveOptions({ maxBodyBytes: 1.5 }, SERVE)).toThrow(InvalidOptionError);
    expect(() => resolveOptions({ shutdownGraceMs: -1 }, SERVE)).toThrow(
      invalidOption('shutdownGraceMs', 'shutdownGraceMs must not be negative, got -1'),
    );
    expect(() => resolveOptions({ path: 'mcp' }, SERVE)).toThrow(/path must be a URL path/);
  });

  it('takes an instance id a proxy rule can match, and refuses any other', () => {
    expect(resolveHttp({ instanceId: 'mcp-2' }).instanceId).toBe('mcp-2');
    expect(resolveHttp({}).instanceId).toBeUndefined();
    for (const instanceId of ['', 'A', 'a.b', 'a b', 'é', 'a'.repeat(33)]) {
      expect(() => resolveHttp({ instanceId })).toThrow(
        invalidOption(
          'instanceId',
          `instanceId must be 1 to 32 lower-case letters, digits or '-' (like 'a' or 'mcp-2'), got '${instanceId}'`,
        ),
      );
    }
  });

  it('keeps quiet event streams alive every 15 s unless told otherwise', () => {
    expect(resolveHttp({}).sseKeepAliveMs).toBe(15_000);
    expect(resolveOptions({ transport: 'sse', sseKeepAliveMs: 0 }, SERVE).sseKeepAliveMs).toBe(0);
    expect(() => resolveHttp({ sseKeepAliveMs: -1 })).toThrow(
      invalidOption('sseKeepAliveMs', 'sseKeepAliveMs must be at least 0, got -1'),
    );
  });

  it('rejects unknown options so typos do not pass silently', () => {
    expect(() => resolveOptions({ trasport: 'sse' } as ServeOptions, SERVE)).toThrow(
      invalidOption('trasport'),
    );
    expect(() => resolveOptions({ trasport: 'sse' } as ServeOptions, SERVE)).toThrow(
      /^Unknown option 'trasport' \(did you mean 'transport'\?\)\. Known options: transport, /,
    );
    expect(() => resolveOptions('stdio' as unknown as ServeOptions, SERVE)).toThrow(TypeError);
  });
});
