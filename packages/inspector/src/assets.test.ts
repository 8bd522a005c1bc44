import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readInspectorAssets } from './assets.js';
import { INSPECTOR_CONTENT_SECURITY_POLICY } from './content-security-policy.js';
import type { InspectorPageConfig } from './page-config.js';

const fixtures = fileURLToPath(new URL('./__fixtures__/assets/', import.meta.url));
const config: InspectorPageConfig = {
  endpoint: '/mcp',
  transport: 'streamable-http',
  allowExecute: true,
  authRequired: false,
};

function embeddedConfig(html: string): string {
  const match =
    /<script type="application\/json" id="apcore-inspector-config">(.*?)<\/script>/s.exec(html);
  if (match?.[1] === undefined) throw new Error('no config element in the page');
  return match[1];
}

describe('readInspectorAssets', () => {
  it('embeds the config in the page as JSON the browser reads back', async () => {
    const assets = await readInspectorAssets(fixtures);
    const html = assets.page(config);
    expect(JSON.parse(embeddedConfig(html))).toEqual(config);
    expect(html).not.toContain('__APCORE_INSPECTOR_CONFIG__');
  });

  it('escapes every < so a value cannot close the script element', async () => {
    const assets = await readInspectorAssets(fixtures);
    const hostile = { ...config, endpoint: '/mcp</script><script>alert(1)</script><!--' };
    const text = embeddedConfig(assets.page(hostile));
    expect(text).not.toContain('<');
    expect(JSON.parse(text).endpoint).toBe(hostile.endpoint);
  });

  it('keeps only the four known config fields', async () => {
    const assets = await readInspectorAssets(fixtures);
    const extra = { ...config, token: 'secret' } as InspectorPageConfig;
    expect(Object.keys(JSON.parse(embeddedConfig(assets.page(extra))))).toEqual([
      'endpoint',
      'transport',
      'allowExecute',
      'authRequired',
    ]);
  });

  it('embeds what is not served, each entry with its known fields only', async () => {
    const assets = await readInspectorAssets(fixtures);
    const entry = { kind: 'module', name: 'bad', reason: 'its input schema </script>' } as const;
    const withFile = { ...entry, file: '/srv/extensions/bad.ts' };
    const text = embeddedConfig(assets.page({ ...config, notServed: [withFile] }));
    expect(text).not.toContain('<');
    expect(JSON.parse(text).notServed).toEqual([entry]);
  });

  it('serves the built files with their content types', async () => {
    const assets = await readInspectorAssets(fixtures);
    const script = assets.asset('inspector.js');
    expect(script?.contentType).toBe('text/javascript; charset=utf-8');
    expect(new TextDecoder().decode(script?.body)).toBe(
      readFileSync(`${fixtures}/inspector.js`, 'utf8'),
    );
    expect(assets.asset('inspector.css')?.contentType).toBe('text/css; charset=utf-8');
  });

  it('refuses unknown names, the template, sub folders and path traversal', async () => {
    const assets = await readInspectorAssets(fixtures);
    for (const name of [
      'missing.js',
      'index.html',
      'nested/secret.txt',
      '../assets.test.ts',
      '../../package.json',
      './inspector.js',
      '',
      '__proto__',
      'constructor',
    ]) {
      expect(assets.asset(name), name).toBeUndefined();
    }
  });

  it('says the page is not built when the template is missing', async () => {
    const empty = fileURLToPath(new URL('./__fixtures__/assets/nested/', import.meta.url));
    await expect(readInspectorAssets(empty)).rejects.toThrow(/not built/);
  });
});

describe('INSPECTOR_CONTENT_SECURITY_POLICY', () => {
  it('allows only the page origin for scripts, styles and connections, and no framing', () => {
    const directives = new Map(
      INSPECTOR_CONTENT_SECURITY_POLICY.split('; ').map((directive) => {
        const [name = '', ...values] = directive.split(' ');
        return [name, values.join(' ')];
      }),
    );
    expect(directives.get('default-src')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('style-src')).toBe("'self'");
    expect(directives.get('connect-src')).toBe("'self'");
    expect(directives.get('img-src')).toBe("'self' data: blob:");
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('form-action')).toBe("'none'");
    expect(directives.get('base-uri')).toBe("'none'");
  });
});
