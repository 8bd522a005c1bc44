import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  connectToDefinitions,
  DEFINITIONS_TARGETS,
  type DefinitionsConnection,
} from '../helpers/definitions-target.js';
import { rejection } from '../helpers/rejection.js';

const WITH_ARGUMENTS = { type: 'ref/prompt', name: 'test_prompt_with_arguments' } as const;
const TEMPLATE = { type: 'ref/resource', uri: 'test://template/{id}/data' } as const;

describe.each(DEFINITIONS_TARGETS)('completions, %s client over %s', (era, transport) => {
  let connection: DefinitionsConnection;
  beforeAll(async () => {
    connection = await connectToDefinitions([era, transport]);
  });
  afterAll(() => connection.close());

  it('completes a prompt argument from its complete function, which sees the other arguments', async () => {
    const completion = await connection.client.complete({
      ref: WITH_ARGUMENTS,
      argument: { name: 'arg1', value: 'ab' },
      context: { arguments: { arg2: 'x' } },
    });
    expect(completion).toEqual({ values: ['ab-1', 'ab-x'], total: 2, hasMore: false });
  });

  it('completes from an enum and a template variable list by prefix, and nothing else', async () => {
    const { client } = connection;
    expect(
      await client.complete({ ref: WITH_ARGUMENTS, argument: { name: 'style', value: 'F' } }),
    ).toEqual({ values: ['fancy'], total: 1, hasMore: false });
    expect(await client.complete({ ref: TEMPLATE, argument: { name: 'id', value: '10' } })).toEqual(
      {
        values: ['101', '102'],
        total: 2,
        hasMore: false,
      },
    );
    expect(
      (await client.complete({ ref: WITH_ARGUMENTS, argument: { name: 'arg2', value: 'a' } }))
        .values,
    ).toEqual([]);
  });

  it('refuses an unknown prompt, argument, template or variable with -32602, and keeps serving', async () => {
    const { client } = connection;
    const cases: Array<[Parameters<typeof client.complete>[0], string]> = [
      [
        { ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'a', value: '' } },
        'Unknown prompt: nope',
      ],
      [
        { ref: WITH_ARGUMENTS, argument: { name: 'zzz', value: '' } },
        'Unknown argument zzz of prompt test_prompt_with_arguments (it takes arg1, arg2, style)',
      ],
      [
        {
          ref: { type: 'ref/resource', uri: 'test://template/{x}' },
          argument: { name: 'x', value: '' },
        },
        'Unknown resource template: test://template/{x}',
      ],
      [
        { ref: TEMPLATE, argument: { name: 'other', value: '' } },
        'Unknown variable other of resource template test://template/{id}/data (it has id)',
      ],
    ];
    for (const [request, message] of cases) {
      const error = await rejection(client.complete(request));
      expect(error.code, message).toBe(-32602);
      expect(error.message).toContain(message);
    }
    expect(
      (await client.complete({ ref: TEMPLATE, argument: { name: 'id', value: '2' } })).values,
    ).toEqual(['201']);
  });
});
