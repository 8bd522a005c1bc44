import { describePackageBoundary } from '@apcore-mcp/test-support';

// Standard Webhooks signing and Node's own network modules: never the server, which loads this
// package only when webhook deliveries are on.
describePackageBoundary({
  sourceDir: import.meta.dirname,
  allowed: [
    'standardwebhooks',
    'node:crypto',
    'node:dns/promises',
    'node:http',
    'node:https',
    'node:net',
    'node:tls',
  ],
});
