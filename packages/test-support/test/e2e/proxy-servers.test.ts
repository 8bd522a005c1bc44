import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haproxySkipReason, startHaproxyServer } from '../../src/haproxy-server.js';
import { nginxSkipReason, startNginxServer } from '../../src/nginx-server.js';

/** An upstream that names itself and echoes the Host it was sent. */
let upstream: Server;
let upstreamPort = 0;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    response.end(`upstream saw ${request.headers.host}`);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamPort = (upstream.address() as { port: number }).port;
});

afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

function isClosed(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

const nginxSkip = nginxSkipReason();
describe.skipIf(nginxSkip !== undefined)(
  `startNginxServer${nginxSkip ? ` (skipped: ${nginxSkip})` : ''}`,
  () => {
    it('proxies as configured, logs the upstream of each request, and stop() ends it', async () => {
      const nginx = await startNginxServer(
        (port) => `server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://127.0.0.1:${upstreamPort}; proxy_set_header Host $host; }
}`,
      );
      const response = await fetch(`${nginx.url}/mcp`, { headers: { 'mcp-session-id': 's-1' } });
      expect(await response.text()).toBe('upstream saw 127.0.0.1');
      expect(nginx.accessLog()).toEqual([
        {
          upstream: `127.0.0.1:${upstreamPort}`,
          status: 200,
          method: 'GET',
          uri: '/mcp',
          sessionId: 's-1',
        },
      ]);
      await nginx.stop();
      expect(await isClosed(nginx.port)).toBe(true);
    });

    it('refuses a configuration nginx refuses, with its error log', async () => {
      await expect(startNginxServer(() => 'server { listen nowhere-at-all; }')).rejects.toThrow(
        /nginx exited before listening[\s\S]*nowhere-at-all/,
      );
    });
  },
);

const haproxySkip = haproxySkipReason();
describe.skipIf(haproxySkip !== undefined)(
  `startHaproxyServer${haproxySkip ? ` (skipped: ${haproxySkip})` : ''}`,
  () => {
    it('runs a configuration file with the variables given, and stop() ends it', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'apcore-mcp-haproxy-test-'));
      const configFile = join(directory, 'haproxy.cfg');
      writeFileSync(
        configFile,
        `defaults
    mode http
    timeout connect 5s
    timeout client 30s
    timeout server 30s
frontend web
    bind "\${TEST_LISTEN}"
    default_backend app
backend app
    server only "\${TEST_UPSTREAM}"
`,
      );
      try {
        const haproxy = await startHaproxyServer({
          configFile,
          env: (port) => ({
            TEST_LISTEN: `127.0.0.1:${port}`,
            TEST_UPSTREAM: `127.0.0.1:${upstreamPort}`,
          }),
        });
        const response = await fetch(`${haproxy.url}/`);
        expect(await response.text()).toBe(`upstream saw 127.0.0.1:${haproxy.port}`);
        await haproxy.stop();
        expect(await isClosed(haproxy.port)).toBe(true);
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    });
  },
);
