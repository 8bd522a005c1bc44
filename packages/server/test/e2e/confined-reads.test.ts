import { mkdir, mkdtemp, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { createRecordingLogger, type RecordingLogger } from '@apcore-mcp/test-support';
import { type ClientEra, connectClient } from '@apcore-mcp/test-support/clients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerHandle, startServer } from '../../src/index.js';
import { rejection } from '../helpers/rejection.js';

const ERAS: ClientEra[] = ['2025-11-25', '2026-07-28'];
const SECRET = 'SECRET FROM OUTSIDE THE SERVED FOLDERS';
const NOT_FOUND: Record<ClientEra, number> = { '2025-11-25': -32002, '2026-07-28': -32602 };

/** Writes `text` at `path` under `root`, creating its folders. */
async function put(root: string, path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

/** A module whose UI is the file at `file`. */
function moduleWithUi(file: string) {
  return defineModule({
    description: 'Shows a card',
    inputSchema: { type: 'object', properties: {} },
    ui: { file },
    execute: () => ({}),
  });
}

/**
 * Skills and module UIs on real files: after the server loaded them, a folder is swapped for a
 * symlink to a folder outside, one skill file is deleted and one UI file never existed.
 */
describe('reads of skill files and module UIs stay inside their folders', () => {
  let root: string;
  let server: ServerHandle;
  let logger: RecordingLogger;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'apcore-mcp-confined-'));
    await put(
      root,
      'skills/notes/SKILL.md',
      '---\nname: notes\ndescription: Notes\n---\n# Notes\n',
    );
    await put(root, 'skills/notes/refs/NOTE.md', '# Note\ninside\n');
    await put(root, 'skills/notes/GONE.md', '# Soon deleted\n');
    await put(root, 'apps/card/card.html', '<p>inside</p>');
    await put(root, 'outside/refs/NOTE.md', SECRET);
    await put(root, 'outside/card/card.html', SECRET);
    const registry = new Registry();
    registry.register('shop.card', moduleWithUi(join(root, 'apps/card/card.html')));
    registry.register('shop.missing', moduleWithUi(join(root, 'apps/none/missing.html')));
    logger = createRecordingLogger();
    server = await startServer(registry, {
      transport: 'streamable-http',
      port: 0,
      logger,
      skills: join(root, 'skills'),
    });
    // Loaded and served; now the folders change under the server.
    await rename(join(root, 'skills/notes/refs'), join(root, 'skills/notes/refs-moved'));
    await symlink(join(root, 'outside/refs'), join(root, 'skills/notes/refs'));
    await rename(join(root, 'apps/card'), join(root, 'apps/card-moved'));
    await symlink(join(root, 'outside/card'), join(root, 'apps/card'));
    await unlink(join(root, 'skills/notes/GONE.md'));
  });
  afterAll(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  /** `error` as a client sees it: no path of this machine, no errno text. */
  function expectNoServerDetail(error: unknown): void {
    const text = JSON.stringify(error);
    expect(text).not.toContain(root);
    expect(text).not.toContain('ENOENT');
    expect(text).not.toMatch(/no such file/i);
    expect(text).not.toContain(SECRET);
  }

  describe.each(ERAS)('%s client over Streamable HTTP', (era) => {
    async function connect() {
      return connectClient({ era, transport: 'http', url: server.url ?? '' });
    }

    it('refuses a skill file reached through a folder swapped for a symlink, as not found', async () => {
      const client = await connect();
      try {
        const error = await rejection(client.readResource('skill://notes/refs/NOTE.md'));
        expect(error.code).toBe(NOT_FOUND[era]);
        expect(error.message).toContain('Resource not found: skill://notes/refs/NOTE.md');
        expectNoServerDetail(error);
        // The skill's own file, still inside, reads as before.
        const read = await client.readResource('skill://notes/SKILL.md');
        expect(read.contents[0]).toMatchObject({ text: expect.stringContaining('# Notes') });
      } finally {
        await client.close();
      }
    });

    it('refuses a UI file reached through a folder swapped for a symlink, as not found', async () => {
      const client = await connect();
      try {
        const error = await rejection(client.readResource('ui://shop.card/card.html'));
        expect(error.code).toBe(NOT_FOUND[era]);
        expectNoServerDetail(error);
      } finally {
        await client.close();
      }
    });

    it('answers a skill file deleted after load, and a missing UI file, as not found with no path', async () => {
      const client = await connect();
      try {
        const gone = await rejection(client.readResource('skill://notes/GONE.md'));
        expect(gone.code).toBe(NOT_FOUND[era]);
        expect(gone.message).toContain('Resource not found: skill://notes/GONE.md');
        expectNoServerDetail(gone);
        const missing = await rejection(client.readResource('ui://shop.missing/missing.html'));
        expect(missing.code).toBe(NOT_FOUND[era]);
        expect(missing.message).toContain('Resource not found: ui://shop.missing/missing.html');
        expectNoServerDetail(missing);
      } finally {
        await client.close();
      }
    });
  });

  it('logs each refused read at warn with the file and the reason, for the operator', () => {
    const refused = logger.at('warn').filter(({ message }) => message?.includes('Could not read'));
    const details = JSON.stringify(refused.map(({ object }) => object));
    expect(details).toContain(join(root, 'skills'));
    expect(details).toContain('outside');
    expect(details).toContain('missing');
  });
});
