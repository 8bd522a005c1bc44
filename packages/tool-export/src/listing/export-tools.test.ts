import { defineModule } from '@apcore-mcp/core';
import { Registry } from '@apcore-mcp/runtime';
import { describe, expect, it } from 'vitest';
import { createRules } from '../__fixtures__/rules.js';
import type { ExportedTool } from '../exported-tool.js';
import { InvalidArgumentError } from '../invalid-argument-error.js';
import { assertStrictSchema } from '../strict/check-strict-schema.js';
import { StrictModeError } from '../strict/strict-mode-error.js';
import { toStrictSchema } from '../strict/to-strict-schema.js';
import { exportTools, type ToolBuilder } from './export-tools.js';

function createRegistry(): Registry {
  const registry = new Registry();
  const field = (name: string) => ({
    type: 'object',
    properties: { [name]: { type: 'string', minLength: 1 } },
    required: [name],
  });
  registry.register(
    'orders.place',
    defineModule({
      description: 'Place',
      tags: ['shop'],
      inputSchema: field('item'),
      execute: () => ({}),
    }),
  );
  registry.register(
    'orders.cancel',
    defineModule({
      description: 'Cancel',
      tags: ['shop'],
      inputSchema: field('id'),
      execute: () => ({}),
    }),
  );
  registry.register(
    'orders.list',
    defineModule({
      description: 'List',
      tags: ['shop'],
      annotations: { readonly: true },
      inputSchema: { type: 'object', properties: {} },
      execute: () => ({}),
    }),
  );
  registry.register(
    'health.ping',
    defineModule({ description: 'Ping', inputSchema: {}, execute: () => ({}) }),
  );
  return registry;
}

/** A provider that takes tools as they are, in strict mode under the test rule set. */
const strictBuilder: ToolBuilder<ExportedTool> = {
  provider: 'Acme',
  build(tool) {
    const rules = createRules();
    const subject =
      tool.group === undefined ? `module "${tool.moduleId}"` : `grouped tool "${tool.group}"`;
    assertStrictSchema(toStrictSchema(tool.inputSchema, { rules }), { rules, subject });
    return tool;
  },
};

function recordingLogger() {
  const warnings: string[] = [];
  return {
    warnings,
    logger: {
      warn: (_f: unknown, m: string) => warnings.push(m),
      info() {},
      error() {},
      debug() {},
    },
  };
}

describe('exportTools', () => {
  it('builds one tool per module that passes the filters, named and described once for all providers', () => {
    const { tools, skipped, groups } = exportTools(
      createRegistry(),
      { tags: ['shop'], embedAnnotations: true },
      { provider: 'Acme', build: (tool) => tool },
    );
    expect(tools.map(({ name, moduleId }) => [name, moduleId])).toEqual([
      ['orders-cancel', 'orders.cancel'],
      ['orders-list', 'orders.list'],
      ['orders-place', 'orders.place'],
    ]);
    expect(tools[1]?.description).toBe('List\n\n[Annotations: readonly=true]');
    expect(skipped).toEqual([]);
    expect(groups).toBeUndefined();
  });

  it('lists a module its provider refuses once, with its reason, and warns once', () => {
    const { warnings, logger } = recordingLogger();
    const { tools, skipped } = exportTools(createRegistry(), { logger }, strictBuilder);
    expect(tools.map((tool) => tool.name)).toEqual(['health-ping', 'orders-list']);
    expect(skipped).toEqual([
      {
        moduleId: 'orders.cancel',
        reasons: [
          expect.stringMatching(
            /^The schema of module "orders.cancel" breaks Acme's strict mode:\n- Module "orders.cancel", \/properties\/id: "minLength"/,
          ),
        ],
        code: 'STRICT_MODE_VIOLATION',
      },
      expect.objectContaining({ moduleId: 'orders.place' }),
    ]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^Skipping module "orders.cancel" for Acme tools: /);
  });

  it('leaves out the members whose own fields break the rules and builds the group from the rest', () => {
    const { warnings, logger } = recordingLogger();
    const { tools, skipped, groups } = exportTools(
      createRegistry(),
      { grouping: 'namespace', logger },
      strictBuilder,
    );
    expect(tools.map((tool) => tool.name)).toEqual(['health-ping', 'orders']);
    expect(groups).toEqual({ orders: { list: 'orders.list' } });
    expect(skipped.map(({ moduleId, reasons }) => [moduleId, reasons.length])).toEqual([
      ['orders.cancel', 1],
      ['orders.place', 1],
    ]);
    const [cancel, place] = skipped.map(({ reasons }) => reasons[0] ?? '');
    expect(cancel).toMatch(
      /^The schema of grouped tool "orders" breaks Acme's strict mode:\n- Grouped tool "orders", \/properties\/id: [^\n]*$/,
    );
    expect(place).toMatch(/\/properties\/item: [^\n]*$/);
    expect(place).not.toMatch(/\/properties\/id/);
    expect(skipped.map(({ reasons }) => reasons.join('\n')).join('\n')).not.toMatch(
      /Module "orders"/,
    );
    expect(warnings).toHaveLength(2);
  });

  it('leaves a whole group out when what breaks the rules is every member’s, telling each once', () => {
    const { warnings, logger } = recordingLogger();
    const rootBreaking = {
      provider: 'Acme',
      build(tool: ExportedTool): ExportedTool {
        if (tool.group === undefined) return tool;
        throw new StrictModeError(
          `The schema of grouped tool "${tool.group}" breaks Acme's strict mode:\n- /: too big`,
          {
            violations: [
              {
                rule: 'too-many-characters',
                path: '',
                message: 'Grouped tool "orders", /: too big',
              },
            ],
          },
        );
      },
    };
    const { tools, skipped, groups } = exportTools(
      createRegistry(),
      { grouping: 'namespace', logger },
      rootBreaking,
    );
    expect(tools.map((tool) => tool.name)).toEqual(['health-ping']);
    expect(groups).toEqual({});
    expect(skipped.map(({ moduleId, reasons }) => [moduleId, reasons.length])).toEqual([
      ['orders.cancel', 1],
      ['orders.list', 1],
      ['orders.place', 1],
    ]);
    expect(skipped[1]?.reasons[0]).toMatch(/\n- Grouped tool "orders", \/: too big$/);
    expect(warnings).toHaveLength(3);
  });

  it('groups modules and gives back each grouped tool’s actions', () => {
    const { tools, groups } = exportTools(
      createRegistry(),
      { grouping: 'namespace' },
      { provider: 'Acme', build: (tool) => tool },
    );
    expect(tools.map((tool) => tool.name)).toEqual(['health-ping', 'orders']);
    expect(groups).toEqual({
      orders: { cancel: 'orders.cancel', list: 'orders.list', place: 'orders.place' },
    });
    expect(tools[1]?.inputSchema.required).toEqual(['action']);
  });

  it('refuses what is not a registry or an executor, and empty filters, naming the argument', () => {
    const identity = { provider: 'Acme', build: (tool: ExportedTool) => tool };
    expect(() => exportTools({} as never, {}, identity)).toThrow(InvalidArgumentError);
    expect(() => exportTools(createRegistry(), { prefix: '' }, identity)).toThrow(
      /^prefix must be a non-empty string$/,
    );
    expect(() => exportTools(createRegistry(), { maxTools: -1 }, identity)).toThrow(
      InvalidArgumentError,
    );
  });
});
