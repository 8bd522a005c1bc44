import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PNG_BASE64 } from '../fixtures/fixture-definitions.mjs';
import {
  connectToDefinitions,
  DEFINITIONS_TARGETS,
  type DefinitionsConnection,
} from '../helpers/definitions-target.js';
import { rejection } from '../helpers/rejection.js';

/** A good read on the same connection still answers: one bad request did not break it. */
async function expectStillServing(client: DefinitionsConnection['client']): Promise<void> {
  expect((await client.readResource('test://static-text')).contents).toEqual([
    {
      uri: 'test://static-text',
      mimeType: 'text/plain',
      text: 'This is the content of the static text resource.',
    },
  ]);
}

describe.each(DEFINITIONS_TARGETS)('defined resources, %s client over %s', (era, transport) => {
  let connection: DefinitionsConnection;
  beforeAll(async () => {
    connection = await connectToDefinitions([era, transport]);
  });
  afterAll(() => connection.close());

  it('lists the defined resources beside the docs:// ones, and the templates', async () => {
    const { client } = connection;
    const resources = await client.listResources();
    expect(resources).toContainEqual({
      uri: 'test://static-text',
      name: 'static-text',
      title: 'Static text',
      description: 'A text resource',
    });
    expect(resources.map((resource) => resource.uri)).toContain('docs://math.add');
    expect(await client.listResourceTemplates()).toEqual([
      { uriTemplate: 'test://template/{id}/data', name: 'template', mimeType: 'application/json' },
      { uriTemplate: 'test://failing/{name}', name: 'failing' },
    ]);
  });

  it('reads text, binary and template resources', async () => {
    const { client } = connection;
    expect(await client.readResource('test://static-text')).toMatchObject({
      contents: [
        {
          uri: 'test://static-text',
          mimeType: 'text/plain',
          text: 'This is the content of the static text resource.',
        },
      ],
    });
    expect((await client.readResource('test://static-binary')).contents).toEqual([
      { uri: 'test://static-binary', mimeType: 'image/png', blob: PNG_BASE64 },
    ]);
    const [item] = (await client.readResource('test://template/123/data')).contents;
    expect(item?.uri).toBe('test://template/123/data');
    expect(JSON.parse(String(item?.text))).toEqual({
      id: '123',
      templateTest: true,
      data: 'Data for ID: 123',
    });
  });

  it(`answers a missing resource with ${era === '2025-11-25' ? '-32002' : '-32602'} and its uri, then keeps serving`, async () => {
    const { client } = connection;
    const error = await rejection(client.readResource('test://nothing-here'));
    expect(error.code).toBe(era === '2025-11-25' ? -32002 : -32602);
    expect(error.message).toContain('Resource not found: test://nothing-here');
    expect(error.data).toEqual({ uri: 'test://nothing-here' });
    await expectStillServing(client);
  });

  it('refuses a URI that does not match its template with -32602 naming the template, then keeps serving', async () => {
    const { client } = connection;
    const error = await rejection(client.readResource('test://template/1/2/data'));
    expect(error.code).toBe(-32602);
    expect(error.message).toContain('does not match the template test://template/{id}/data');
    await expectStillServing(client);
  });

  it('answers bytes that are not base64, or a failing read, with -32603, then keeps serving', async () => {
    const { client } = connection;
    const broken = await rejection(client.readResource('test://broken-blob'));
    expect(broken.code).toBe(-32603);
    expect(broken.message).toContain('contents item 1: blob is not valid base64');
    const thrown = await rejection(client.readResource('test://throws'));
    expect(thrown.code).toBe(-32603);
    expect(thrown.message).toContain('Internal error occurred');
    expect(thrown.message).not.toContain('/etc/secret');
    await expectStillServing(client);
  });

  it('answers a template read refusing its variable with -32602 and that reason, then keeps serving', async () => {
    const { client } = connection;
    const refused = await rejection(client.readResource('test://template/abc/data'));
    expect(refused.code).toBe(-32602);
    expect(refused.message).toContain('id must be digits, got abc');
    await expectStillServing(client);
  });

  it('answers a template whose read throws with a sanitized -32603, then keeps serving', async () => {
    const { client } = connection;
    const thrown = await rejection(client.readResource('test://failing/passwd'));
    expect(thrown.code).toBe(-32603);
    expect(thrown.message).toContain('Internal error occurred');
    expect(JSON.stringify(thrown)).not.toContain('/etc/secret');
    await expectStillServing(client);
  });

  it('tells a subscribed client about an update, and stops after unsubscribing', async () => {
    const { client } = connection;
    const updates: string[] = [];
    const subscription = await client.subscribeResource('test://watched', (uri) =>
      updates.push(uri),
    );
    await client.callTool('fixture-touch');
    await vi.waitFor(() => expect(updates).toEqual(['test://watched']));
    await subscription.close();
    await client.callTool('fixture-touch');
    // The read answers after any update sent before it: an update that still came would be seen.
    expect((await client.readResource('test://watched')).contents).toHaveLength(1);
    expect(updates).toEqual(['test://watched']);
  });
});
