import { describe, expect, it } from 'vitest';
import { ErrorMapper } from './error-mapper.js';

const mapper = new ErrorMapper();

describe('content a module cannot send', () => {
  it('keeps the message, which names the item and what is wrong', () => {
    const error = Object.assign(new Error('image: data is not valid base64 (3 characters)'), {
      code: 'INVALID_RESULT',
    });
    expect(mapper.toMcpError(error).content[0]?.text).toBe(
      'Invalid result: image: data is not valid base64 (3 characters)',
    );
    expect(mapper.toMcpError(error)._meta).toMatchObject({
      'apcore/errorCode': 'INVALID_RESULT',
    });
  });
});
