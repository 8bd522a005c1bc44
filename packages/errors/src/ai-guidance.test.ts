import { ErrorCodes, ModuleError } from '@apcore-mcp/core';
import { describe, expect, it } from 'vitest';
import { AI_GUIDANCE_META_KEYS } from './ai-guidance.js';
import { ErrorMapper } from './error-mapper.js';
import { ERROR_CODE_META_KEY } from './tool-error-result.js';

const mapper = new ErrorMapper();

/** The guidance appendix of a result: the JSON text block after the message. */
function appendixOf(result: ReturnType<ErrorMapper['toMcpError']>): Record<string, unknown> {
  expect(result.content).toHaveLength(2);
  return JSON.parse(result.content[1]?.text ?? '') as Record<string, unknown>;
}

describe('AI guidance on error results', () => {
  // Every code the mapper gives a text of its own, and the fallback for unexpected failures.
  const MAPPED_CODES = [
    ErrorCodes.MODULE_NOT_FOUND,
    ErrorCodes.SCHEMA_VALIDATION_ERROR,
    ErrorCodes.ACL_DENIED,
    ErrorCodes.MODULE_TIMEOUT,
    ErrorCodes.GENERAL_INVALID_INPUT,
    ErrorCodes.CALL_DEPTH_EXCEEDED,
    ErrorCodes.CIRCULAR_CALL,
    ErrorCodes.CALL_FREQUENCY_EXCEEDED,
    ErrorCodes.APPROVAL_DENIED,
    ErrorCodes.INVALID_RESULT,
    ErrorCodes.INSPECTOR_READ_ONLY,
    ErrorCodes.EXECUTION_CANCELLED,
    'APPROVAL_TIMEOUT',
    'CIRCUIT_BREAKER_OPEN',
  ];

  it.each(MAPPED_CODES)(
    '%s carries retryable and aiGuidance, in _meta and the appendix',
    (code) => {
      const result = mapper.toMcpError(new ModuleError({ code, message: 'x' }));
      const appendix = appendixOf(result);
      expect(typeof appendix.retryable).toBe('boolean');
      expect(typeof appendix.aiGuidance).toBe('string');
      expect(typeof appendix.userFixable).toBe('boolean');
      expect(result._meta).toMatchObject({
        [ERROR_CODE_META_KEY]: code,
        [AI_GUIDANCE_META_KEYS.retryable]: appendix.retryable,
        [AI_GUIDANCE_META_KEYS.aiGuidance]: appendix.aiGuidance,
        [AI_GUIDANCE_META_KEYS.userFixable]: appendix.userFixable,
      });
    },
  );

  it('says which failures are worth a retry, as the contract does', () => {
    const retryable = (code: string) =>
      appendixOf(mapper.toMcpError(new ModuleError({ code, message: 'x' }))).retryable;
    expect(retryable('MODULE_TIMEOUT')).toBe(true);
    expect(retryable('EXECUTION_CANCELLED')).toBe(true);
    expect(retryable('APPROVAL_TIMEOUT')).toBe(true);
    expect(retryable('CIRCUIT_BREAKER_OPEN')).toBe(true);
    expect(retryable('ACL_DENIED')).toBe(false);
    expect(retryable('SCHEMA_VALIDATION_ERROR')).toBe(false);
  });

  it('gives unexpected failures the internal guidance, never their own text', () => {
    const appendix = appendixOf(mapper.toMcpError(new Error('ENOENT /etc/secret')));
    expect(appendix).toMatchObject({ retryable: false, userFixable: false });
    expect(JSON.stringify(appendix)).not.toContain('/etc/secret');
  });

  it("carries a module error's own guidance, in either spelling", () => {
    const declined = new ModuleError({
      code: 'PAYMENT_DECLINED',
      message: 'The card was declined',
      retryable: false,
      userFixable: true,
      aiGuidance: 'Ask the user for another card.',
      suggestion: 'Offer to retry with a different payment method.',
    });
    const result = mapper.toMcpError(declined);
    expect(result.content[0]?.text).toBe('Module error: PAYMENT_DECLINED');
    expect(appendixOf(result)).toEqual({
      retryable: false,
      aiGuidance: 'Ask the user for another card.',
      userFixable: true,
      suggestion: 'Offer to retry with a different payment method.',
    });
    const snake = {
      code: 'QUOTA_EXCEEDED',
      message: 'x',
      ai_guidance: 'Wait a day.',
      user_fixable: true,
    };
    expect(appendixOf(mapper.toMcpError(snake))).toEqual({
      retryable: false,
      aiGuidance: 'Wait a day.',
      userFixable: true,
    });
  });

  it('keeps the fixed guidance of a code whose text is fixed (nothing the error says leaks)', () => {
    const denied = {
      code: 'ACL_DENIED',
      message: 'caller alice denied',
      aiGuidance: 'alice may not call orders.refund',
    };
    const result = mapper.toMcpError(denied);
    expect(JSON.stringify(result)).not.toContain('alice');
    expect(appendixOf(result).retryable).toBe(false);
  });

  it('gives a code of a module of its own, without guidance, retryable: false only', () => {
    expect(appendixOf(mapper.toMcpError({ code: 'OUT_OF_STOCK', message: 'x' }))).toEqual({
      retryable: false,
    });
  });
});

describe('upstream errors', () => {
  it('keep the message the module wrote for the client, retryable by default', () => {
    const result = mapper.toMcpError(
      new ModuleError({ code: ErrorCodes.UPSTREAM_ERROR, message: 'The API failed with HTTP 503' }),
    );
    expect(result.content[0]).toEqual({
      type: 'text',
      text: 'Upstream error: The API failed with HTTP 503',
    });
    expect(result._meta).toMatchObject({ [AI_GUIDANCE_META_KEYS.retryable]: true });
    expect(appendixOf(result)).toMatchObject({ retryable: true });
  });
});
