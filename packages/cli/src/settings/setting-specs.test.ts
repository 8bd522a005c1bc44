import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AnyOptionDeclaration,
  OPTION_TABLE,
  serveDefaultOf,
} from '@apcore-mcp/server/options';
import { describe, expect, it } from 'vitest';
import { captureIo } from '../__fixtures__/capture-io.js';
import { useTempDir } from '../__fixtures__/settings-dir.js';
import { run } from '../cli.js';
import { resolveSettings } from './resolve-settings.js';
import { toCamelCase, toEnvName } from './setting-names.js';
import { SETTING_SPECS, type SettingSpec, settingSpec } from './setting-specs.js';

const tempDir = useTempDir();

const declarations = Object.values(OPTION_TABLE).flatMap((options) =>
  Object.entries(options as Record<string, AnyOptionDeclaration>),
);

/** A value each kind of setting takes, as typed, and as read. */
const SAMPLES: Partial<Record<SettingSpec['kind'], [string, unknown]>> = {
  text: ['some-text', 'some-text'],
  name: ['orders-mcp', 'orders-mcp'],
  boolean: ['yes', true],
  port: ['9000', 9000],
  list: ['a, b', ['a', 'b']],
  url: ['https://auth.example.com', 'https://auth.example.com'],
  'rate-limit': ['5/min', '5/min'],
  budget: ['5/day', '5/day'],
  decimal: ['2.5', 2.5],
  'store-url': ['redis://cache:6379', 'redis://cache:6379'],
  'group-annotations': ['orders.destructive', ['orders.destructive']],
};

/** The settings read without files of their own to read (keys, certificates, JWKS). */
const plain = SETTING_SPECS.filter(
  (spec) => !['auth', 'cors', 'tls', 'stateKey'].includes(spec.option ?? ''),
);

function sampleOf(spec: SettingSpec): [string, unknown] {
  if (spec.kind === 'integer') return ['7', 7];
  if (spec.kind === 'choice') {
    const choice = spec.limits.choices?.at(-1) ?? '';
    return [choice.toLowerCase(), choice];
  }
  if (spec.kind === 'locations') {
    return ['api.yaml', [join(tempDir.current(), 'api.yaml')]];
  }
  if (spec.kind === 'file' || spec.kind === 'directory' || spec.kind === 'secret-file') {
    return ['here', join(tempDir.current(), 'here')];
  }
  const sample = SAMPLES[spec.kind];
  if (sample === undefined) throw new Error(`no sample for ${spec.kind}`);
  return sample;
}

describe('the settings of the option table', () => {
  it('are every CLI setting the table declares, with its help, in concern order', () => {
    for (const [option, declaration] of declarations) {
      for (const setting of declaration.cli ?? []) {
        expect(settingSpec(setting.key)).toMatchObject({
          option,
          help: setting.help,
          ...(setting.subKey === undefined ? {} : { subKey: setting.subKey }),
        });
      }
    }
    const keys = SETTING_SPECS.map((spec) => spec.key);
    expect(keys.slice(0, 14)).toEqual([
      'extensions-dir',
      'cache',
      'cache-dir',
      'opening-record',
      'openapi',
      'openapi-prefix',
      'openapi-base-url',
      'openapi-header',
      'openapi-header-file',
      'openapi-allow-external-refs',
      'openapi-timeout',
      'transport',
      'host',
      'port',
    ]);
    expect(keys).toHaveLength(new Set(keys).size);
  });

  it('take their defaults from the table, in their own unit and spelling', () => {
    const network = OPTION_TABLE.network;
    expect(settingSpec('max-sessions').defaultValue).toBe(serveDefaultOf(network.maxSessions));
    expect(settingSpec('session-idle-timeout')).toMatchObject({
      defaultValue: serveDefaultOf(network.sessionIdleTimeoutMs) / 1000,
      limits: { minimum: 0 },
    });
    expect(settingSpec('log-level').defaultValue).toBe('INFO');
    expect(settingSpec('transport')).toMatchObject({
      defaultValue: 'stdio',
      limits: { choices: network.transport.limits?.choices },
    });
    expect(settingSpec('approval').defaultValue).toBe(
      serveDefaultOf(OPTION_TABLE.approval.approval),
    );
    expect(settingSpec('port').limits).toEqual({ minimum: 1, maximum: 65535 });
    expect(settingSpec('auth-roles-claim').defaultValue).toBe('roles');
  });

  it.each(
    plain
      .filter(
        (spec) =>
          spec.envOnly !== true && spec.kind !== 'mappings' && spec.notInConfigFile !== true,
      )
      .map((spec) => [spec.key, spec]),
  )('%s is a flag, a variable and a config file key', async (key, spec) => {
    const dir = tempDir.current();
    const [raw, read] = sampleOf(spec);
    const io = (env: Record<string, string>) => ({ env, cwd: dir });
    const fromFlag = await resolveSettings({ flags: { [toCamelCase(key)]: raw }, io: io({}) });
    expect(fromFlag.values[key]).toEqual(read);
    expect(fromFlag.sources[key]).toEqual({ kind: 'flag', flag: `--${key}` });
    const fromEnv = await resolveSettings({ flags: {}, io: io({ [toEnvName(key)]: raw }) });
    expect(fromEnv.values[key]).toEqual(read);
    expect(fromEnv.sources[key]).toEqual({ kind: 'env', name: toEnvName(key) });
    await writeFile(join(dir, 'apcore-mcp.yaml'), `${key}: ${JSON.stringify(raw)}\n`);
    const fromFile = await resolveSettings({ flags: {}, io: io({}) });
    expect(fromFile.values[key]).toEqual(read);
    expect(fromFile.sources[key]).toEqual({
      kind: 'file',
      path: 'apcore-mcp.yaml',
      writtenKey: key,
    });
  });

  it('show in --help under their concern, with the default the server gives', async () => {
    const io = captureIo({ cwd: tempDir.current() });
    expect(await run(['--help'], io)).toBe(0);
    for (const spec of SETTING_SPECS.filter((candidate) => candidate.envOnly !== true)) {
      // A list of mappings is set in the config file only: --help names its key.
      expect(io.out).toContain(
        spec.kind === 'mappings' ? `${spec.key}: (config file only)` : `--${spec.key}`,
      );
    }
    expect(io.out).toMatch(/^Network:\n\s+--transport /m);
    expect(io.out).toMatch(
      /--max-sessions\s+Most HTTP sessions open at once;[^[]+\[string\] \[default: 1000\]/,
    );
    expect(io.out).toMatch(/--session-idle-timeout[^[]+\[string\] \[default: 1800\]/);
    expect(io.out).toMatch(/^Governance:\n\s+--rate-limit /m);
  });
});
