// Where and how the server listens.

import { describeValue } from '../../kernel/describe-value.js';
import { InvalidOptionError } from '../../kernel/invalid-option-error.js';
import { declareOption } from '../../kernel/option-declaration.js';
import { choiceOption } from '../../kernel/primitive-options.js';
import { resolvePort } from '../../kernel/read-option.js';
import { HTTP_TRANSPORTS, TRANSPORTS, type TransportName } from '../../kernel/transports.js';
import { ENDPOINT_OPTIONS } from '../../transports/endpoint-options.js';
import type { StdioStreams } from '../../transports/transport-manager.js';
import { resolveHost } from './read-http-options.js';

/**
 * The network options of `serve()`, declared once.
 *
 * @example
 * ```ts
 * NETWORK_OPTIONS.port.defaultValue; // 8000
 * ```
 */
export const NETWORK_OPTIONS = {
  /** `stdio` (default), `streamable-http` or `sse`; case-insensitive. */
  transport: choiceOption<TransportName, string>({
    choices: TRANSPORTS,
    defaultValue: 'stdio',
    defaultFor: (entry) => entry.transport,
    cli: [{ key: 'transport', kind: 'choice', foldCase: 'lower', help: 'MCP transport' }],
  }),
  /** Bind address for HTTP transports; default `127.0.0.1`. Ignored by stdio. */
  host: declareOption<string, string>({
    expected: 'a host name or address',
    defaultValue: '127.0.0.1',
    transports: HTTP_TRANSPORTS,
    otherTransports: 'ignore',
    resolve: resolveHost,
    cli: [{ key: 'host', kind: 'text', help: 'Bind address for streamable-http and sse' }],
  }),
  /** Bind port for HTTP transports; default 8000, 1..65535 (`startServer` also takes 0: any free port). */
  port: declareOption<number, number>({
    expected: 'an integer between 1 and 65535',
    defaultValue: 8000,
    limits: { minimum: 1, maximum: 65535 },
    transports: HTTP_TRANSPORTS,
    otherTransports: 'ignore',
    resolve: (value, { entry }) => resolvePort(value, entry.allowAnyPort),
    cli: [{ key: 'port', kind: 'port', help: 'Bind port for streamable-http and sse, 1..65535' }],
  }),
  /**
   * The streams stdio serves on instead of the process's own: a front that handles some
   * messages itself, an in-process client. Only for stdio.
   */
  stdio: declareOption<StdioStreams, StdioStreams | undefined>({
    expected: 'an object with a readable stream stdin and a writable stream stdout',
    defaultValue: undefined,
    transports: ['stdio'],
    resolve: resolveStdioStreams,
  }),
  ...ENDPOINT_OPTIONS,
};

function resolveStdioStreams(value: unknown): StdioStreams {
  const streams = value as Partial<Record<'stdin' | 'stdout', { pipe?: unknown; write?: unknown }>>;
  if (
    typeof streams !== 'object' ||
    streams === null ||
    typeof streams.stdin?.pipe !== 'function' ||
    typeof streams.stdout?.write !== 'function'
  ) {
    const { expected } = NETWORK_OPTIONS.stdio;
    const sentence = [{ option: 'stdio' }, ` must be ${expected}, got ${describeValue(value)}`];
    throw new InvalidOptionError({ option: 'stdio', value, expected, sentence });
  }
  return value as StdioStreams;
}
