import { ApcoreMcpError } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { CliError } from './cli-error.js';
import { ExitCode } from './exit-codes.js';

describe('CliError', () => {
  it('is an apcore-mcp error with a code, details, cause and its exit code', () => {
    const cause = new Error('EADDRINUSE');
    const error = new CliError('Cannot listen', {
      code: 'STARTUP_FAILED',
      exitCode: ExitCode.StartupFailure,
      cause,
    });
    expect(ApcoreMcpError.isInstance(error)).toBe(true);
    expect(CliError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'CliError',
      code: 'STARTUP_FAILED',
      message: 'Cannot listen',
      details: {},
      exitCode: ExitCode.StartupFailure,
      cause,
    });
    expect(new CliError('bad flag', { code: 'INVALID_ARGUMENT' }).exitCode).toBe(
      ExitCode.InvalidArguments,
    );
  });

  it('does not take other apcore-mcp errors for its own', () => {
    const other = new ApcoreMcpError({ code: 'INVALID_ARGUMENT', message: 'x' });
    expect(CliError.isInstance(other)).toBe(false);
  });
});
