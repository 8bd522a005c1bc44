import type { Client } from '@modelcontextprotocol/client';
import type { InspectorPageConfig } from '../../page-config.js';
import type { ConnectionStatus } from './use-connection.js';

interface HeaderProps {
  config: InspectorPageConfig;
  client: Client | undefined;
  status: ConnectionStatus;
  onReconnect(): void;
  onChangeToken: (() => void) | undefined;
}

/** Who the server is, how the page talks to it, and whether it is connected. */
export function Header({ config, client, status, onReconnect, onChangeToken }: HeaderProps) {
  const server = client?.getServerVersion();
  const capabilities = client?.getServerCapabilities() ?? {};
  const { extensions, ...features } = capabilities as Record<string, unknown>;
  return (
    <header class="page-header">
      <div class="identity">
        <h1>
          {server === undefined ? 'apcore-mcp Inspector' : `${server.name} ${server.version}`}
        </h1>
        {client !== undefined && (
          <dl class="facts">
            <div>
              <dt>Protocol</dt>
              <dd>{client.getNegotiatedProtocolVersion() ?? 'unknown'}</dd>
            </div>
            <div>
              <dt>Transport</dt>
              <dd>{config.transport}</dd>
            </div>
            <div>
              <dt>Capabilities</dt>
              <dd>{Object.keys(features).join(', ') || 'none'}</dd>
            </div>
            {extensions !== undefined && (
              <div>
                <dt>Extensions</dt>
                <dd>{Object.keys(extensions as object).join(', ') || 'none'}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
      <div class="connection">
        <p class={`status status-${status.state}`} role="status" aria-live="polite">
          {statusText(status)}
        </p>
        {/* Named "Refresh", not "Reconnect": the token form's "Connect" must stay the only
            button whose name contains "connect". It reconnects and reads every list again. */}
        <button type="button" onClick={onReconnect} disabled={status.state === 'connecting'}>
          Refresh
        </button>
        {onChangeToken !== undefined && (
          <button type="button" onClick={onChangeToken}>
            Change token
          </button>
        )}
      </div>
    </header>
  );
}

function statusText(status: ConnectionStatus): string {
  switch (status.state) {
    case 'idle':
      return 'Not connected.';
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return 'Connected.';
    case 'failed':
      return `Not connected: ${status.failure.message}`;
  }
}
