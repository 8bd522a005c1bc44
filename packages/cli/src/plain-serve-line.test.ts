import { describe, expect, it } from 'vitest';
import { parseCommandLine } from './parse-command-line.js';
import { readPlainServeLine } from './plain-serve-line.js';
import { SERVE_FLAG_SPECS } from './setting-flags.js';

/** The ways a command line may give one flag, for every flag `serve` takes. */
function flagSamples(): string[][] {
  const samples: string[][] = [['--config', 'apcore-mcp.yaml'], ['--config=./other.yaml']];
  for (const spec of SERVE_FLAG_SPECS.values()) {
    const flag = `--${spec.key}`;
    if (spec.kind === 'boolean') {
      samples.push([flag]);
      continue;
    }
    const choices = spec.foldCase === undefined ? undefined : spec.limits.choices;
    if (choices === undefined) {
      samples.push([flag, 'some/value 1'], [`${flag}=a=b`], [flag, '42']);
      continue;
    }
    for (const choice of choices) {
      samples.push(
        [flag, choice],
        [flag, choice.toUpperCase()],
        [`${flag}=${choice.toLowerCase()}`],
      );
    }
  }
  return samples;
}

function keyOf(sample: readonly string[]): string {
  return (sample[0] ?? '').split('=')[0] ?? '';
}

/**
 * Every sample on some command line, ten flags to a line (each flag once on it, as one parse
 * with yargs takes tens of milliseconds), alternately behind `serve`; and no flag at all.
 */
function plainLines(): string[][] {
  const lines: string[][][] = [];
  for (const sample of flagSamples()) {
    const line = lines.find(
      (samples) => samples.length < 10 && samples.every((other) => keyOf(other) !== keyOf(sample)),
    );
    if (line === undefined) lines.push([sample]);
    else line.push(sample);
  }
  const flat = lines.map((samples, index) => [
    ...(index % 2 === 0 ? [] : ['serve']),
    ...samples.flat(),
  ]);
  return [[], ['serve'], ...flat];
}

async function yargsInvocation(argv: readonly string[]): Promise<unknown> {
  const outcome = await parseCommandLine(argv);
  if (outcome.kind !== 'invocation') throw new Error(`yargs gave text for ${argv.join(' ')}`);
  return outcome.invocation;
}

describe('readPlainServeLine', () => {
  it('reads every flag of serve, in every spelling, exactly as yargs does', async () => {
    const lines = plainLines();
    expect(lines.flat().filter((token) => token.startsWith('--')).length).toBeGreaterThan(
      SERVE_FLAG_SPECS.size,
    );
    for (const argv of lines) {
      const plain = readPlainServeLine(argv);
      expect(plain, argv.join(' ')).toBeDefined();
      expect(plain, argv.join(' ')).toEqual(await yargsInvocation(argv));
    }
  });

  it('leaves to yargs every line it does not read as yargs would', async () => {
    const others = [
      ['--help'],
      ['-h'],
      ['serve', '--help'],
      ['--version', '--transport', 'stdio'],
      ['tools', 'list'],
      ['dev'],
      ['worker'],
      ['extensions'],
      ['--extensionsDir', 'x'],
      ['--extensions-dir'],
      ['--extensions-dir', ''],
      ['--extensions-dir', '--transport', 'stdio'],
      ['--extensions-dir=-x'],
      ['--tags', 'a', '--tags', 'b'],
      ['--watch', 'false'],
      ['--watch=false'],
      ['--no-watch'],
      ['--bogus', 'x'],
      ['-p', '8000'],
      ['--transport', 'carrier-pigeon'],
      ['--log-level=LOUD'],
      ['--', '--port', '1'],
      ['serve', 'serve'],
    ];
    for (const argv of others) expect(readPlainServeLine(argv), argv.join(' ')).toBeUndefined();
    // yargs refuses these with its own words, which the plain reader must not swallow.
    await expect(parseCommandLine(['--transport', 'carrier-pigeon'])).rejects.toThrow(
      /--transport must be one of/,
    );
    await expect(parseCommandLine(['--bogus', 'x'])).rejects.toThrow(/unknown flag --bogus/);
  });
});
