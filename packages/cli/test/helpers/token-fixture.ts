import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createTestSigner, type TestSigner } from '@apcore-mcp/test-support';

/** A module naming the caller its context carries: what a token made the server believe. */
export const WHOAMI_MODULE = `export default {
  description: 'Names the caller.',
  inputSchema: { type: 'object', properties: {} },
  execute: (_inputs, context) => ({ identity: context.identity }),
};
`;

/** Admins may call anything; everyone else the catalog only (an ACL rules file's text). */
export const ADMIN_OR_CATALOG_ACL = [
  'default_effect: deny',
  'rules:',
  '  - callers: ["*"]',
  '    targets: ["*"]',
  '    effect: allow',
  '    conditions:',
  '      roles: [admin]',
  '  - callers: ["@external"]',
  '    targets: ["catalog.*"]',
  '    effect: allow',
  '',
].join('\n');

/** A temporary directory with an extensions folder, a signing key and its public JWKS file. */
export interface TokenFixture {
  readonly dir: string;
  readonly extensions: string;
  readonly signer: TestSigner;
  /** `dir/jwks.json`: the signer's public keys, for `--auth-jwks-file`. */
  readonly jwksFile: string;
  remove(): Promise<void>;
}

/**
 * Writes `modules` (paths under `extensions/`, e.g. `admin/reset.mjs`) and an ES256 key's
 * `jwks.json` into a fresh temporary directory.
 */
export async function createTokenFixture(
  name: string,
  modules: Record<string, string>,
): Promise<TokenFixture> {
  const dir = await mkdtemp(join(tmpdir(), `apcore-mcp-${name}-`));
  const extensions = join(dir, 'extensions');
  for (const [path, source] of Object.entries(modules)) {
    await mkdir(dirname(join(extensions, path)), { recursive: true });
    await writeFile(join(extensions, path), source);
  }
  await mkdir(extensions, { recursive: true });
  const signer = await createTestSigner('ES256', `${name}-key`);
  const jwksFile = join(dir, 'jwks.json');
  await writeFile(jwksFile, JSON.stringify(signer.jwks));
  return {
    dir,
    extensions,
    signer,
    jwksFile,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
