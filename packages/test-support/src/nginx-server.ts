import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from './free-port.js';
import { findSystemTool, systemToolSkipReason } from './system-tool.js';
import { killProcessGroup, spawnTracked, stopTracked } from './tracked-processes.js';
import { waitForPort } from './wait-for-port.js';

/**
 * One request as nginx logged it: which upstream server answered it (`host:port`, as the
 * `upstream` block names it), with what status, and the session it named.
 *
 * @example
 * ```ts
 * const entry: NginxAccessEntry = { upstream: '127.0.0.1:4001', status: 200, method: 'POST', uri: '/mcp', sessionId: 'a.5f0c...' };
 * ```
 */
export interface NginxAccessEntry {
  upstream: string;
  status: number;
  method: string;
  uri: string;
  /** Its `Mcp-Session-Id` header; `''` when it had none. */
  sessionId: string;
}

/**
 * A real nginx started for a test: where it listens, what it logged, and `stop()` (ends its
 * whole process group, workers included, and removes its directory).
 *
 * @example
 * ```ts
 * const nginx = await startNginxServer((port) => `server { listen 127.0.0.1:${port}; ... }`);
 * try { ... nginx.url ... } finally { await nginx.stop(); }
 * ```
 */
export interface TestNginxServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Every request answered so far, in the order nginx finished them. */
  accessLog(): NginxAccessEntry[];
  /** nginx's error log so far (its warnings and the proxy errors it met). */
  errorLog(): string;
  stop(): Promise<void>;
}

const NGINX = { name: 'nginx', probe: ['-v'], aptPackage: 'nginx' } as const;

/**
 * Why tests needing nginx are skipped here: `undefined` when Debian's `nginx` is installed.
 * Under `CI` a missing nginx is an error, never a skip.
 *
 * @throws {Error} under CI when `nginx` is not installed.
 * @example
 * ```ts
 * const skip = nginxSkipReason();
 * describe.skipIf(skip !== undefined)(`behind nginx${skip ? ` (skipped: ${skip})` : ''}`, () => {});
 * ```
 */
export function nginxSkipReason(): string | undefined {
  return systemToolSkipReason(NGINX);
}

/**
 * Starts nginx in a temporary directory, on a free 127.0.0.1 port, with `site(port)` (what
 * `/etc/nginx/conf.d/*.conf` would hold: upstreams, maps, a `server` listening on `port`)
 * inside its `http` block, and resolves once the port accepts connections. Nothing outside the
 * directory is touched: the configuration, pid, logs and temporary files all live there, and
 * the process runs in the foreground in a process group of its own. Its access log records, as
 * JSON lines, the upstream server of each request ({@link TestNginxServer.accessLog}).
 *
 * @throws {Error} with nginx's error log when it refuses the configuration or exits early.
 * @example
 * ```ts
 * const nginx = await startNginxServer((port) => renderTemplate(template, { LISTEN: String(port) }));
 * ```
 */
export async function startNginxServer(site: (port: number) => string): Promise<TestNginxServer> {
  const command = findSystemTool(NGINX.name, NGINX.probe) ?? NGINX.name;
  const port = await findFreePort();
  const directory = mkdtempSync(join(tmpdir(), 'apcore-mcp-nginx-'));
  // Started as root, nginx runs its workers as nobody: they must reach their temporary paths.
  chmodSync(directory, 0o755);
  const errorLog = join(directory, 'error.log');
  const accessLog = join(directory, 'access.log');
  writeFileSync(join(directory, 'site.conf'), site(port));
  writeFileSync(join(directory, 'nginx.conf'), mainConfig(directory));
  const child = spawnTracked(
    command,
    ['-p', `${directory}/`, '-c', join(directory, 'nginx.conf'), '-e', errorLog],
    { stdio: 'ignore' },
  );
  const readErrorLog = (): string => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
  const stop = async (): Promise<void> => {
    await stopTracked(child);
    // The workers leave with the master; whatever did not is killed with its group.
    killProcessGroup(child.pid);
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    await waitForPort(port, { child, output: readErrorLog });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    accessLog: () => readAccessLog(accessLog),
    errorLog: readErrorLog,
    stop,
  };
}

/** The main configuration: foreground, every path in `directory`, the site included. */
function mainConfig(directory: string): string {
  const entry =
    '{"upstream":"$upstream_addr","status":$status,"method":"$request_method",' +
    '"uri":"$uri","sessionId":"$http_mcp_session_id"}';
  return `daemon off;
pid ${join(directory, 'nginx.pid')};
error_log ${join(directory, 'error.log')} warn;
worker_processes 1;
events { worker_connections 1024; }
http {
    client_body_temp_path ${join(directory, 'client_body')};
    proxy_temp_path ${join(directory, 'proxy')};
    fastcgi_temp_path ${join(directory, 'fastcgi')};
    uwsgi_temp_path ${join(directory, 'uwsgi')};
    scgi_temp_path ${join(directory, 'scgi')};
    log_format upstreams escape=json '${entry}';
    access_log ${join(directory, 'access.log')} upstreams;
    include ${join(directory, 'site.conf')};
}
`;
}

function readAccessLog(path: string): NginxAccessEntry[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as NginxAccessEntry);
}
