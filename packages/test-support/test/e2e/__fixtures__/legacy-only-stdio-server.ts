// The tiny server behind a plain stdio `connect`, which serves only the 2025-11-25 handshake.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { buildTinyServer } from './tiny-server.js';

await buildTinyServer('legacy-only').connect(new StdioServerTransport());
