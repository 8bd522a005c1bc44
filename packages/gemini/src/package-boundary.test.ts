import { describePackageBoundary } from '@apcore-mcp/test-support';

// A converter installs and loads nothing third-party: the contract and the converters below it.
describePackageBoundary({
  sourceDir: import.meta.dirname,
  allowed: [
    '@apcore-mcp/core',
    '@apcore-mcp/annotations',
    '@apcore-mcp/errors',
    '@apcore-mcp/tool-export',
  ],
});
