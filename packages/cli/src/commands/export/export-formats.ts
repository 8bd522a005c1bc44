import type { RegistryLike } from '@apcore-mcp/core/bridge';
import type { ExportToolsOptions } from '@apcore-mcp/tool-export';

/** The flags of `export` that a format may or may not take; the filters and grouping all take. */
export type FormatFlag =
  | 'strict'
  | 'embed-annotations'
  | 'drop-unsupported'
  | 'cache-control'
  | 'input-examples'
  | 'openapi-parameters';

/** What `export` asks of a format's package: the shared export options and the flags' options. */
export interface FormatExportOptions extends ExportToolsOptions {
  strict?: boolean;
  dropUnsupportedKeywords?: boolean;
  /** Anthropic: prompt caching on the last tool. */
  cacheControl?: { type: 'ephemeral' };
  /** Anthropic: the modules' example inputs as `input_examples`. */
  inputExamples?: boolean;
  /** Gemini: the declaration field the schemas go in. */
  schemaField?: 'parametersJsonSchema' | 'parameters';
}

/** A module the format left out, with every reason (each may span lines). */
export interface FormatSkippedModule {
  moduleId: string;
  reasons: readonly string[];
}

/** A built export: what is printed as JSON, how many tools it holds, and what it left out. */
export interface FormatExport {
  output: unknown;
  toolCount: number;
  skipped: FormatSkippedModule[];
}

/** Builds a registry's export in one format. */
export type BuildFormatExport = (
  registry: RegistryLike,
  options: FormatExportOptions,
) => FormatExport;

/**
 * One `--format` of `apcore-mcp export`: its name, the flags it takes, and how to load its
 * package. A flag a format does not take is refused by name; a flag it takes only with another
 * (`needs`) is refused without it, with the reason given here.
 */
export interface ExportFormat {
  readonly name: string;
  /** What the printed JSON is, for `--help`. */
  readonly summary: string;
  readonly flags: readonly FormatFlag[];
  readonly needs?: Readonly<Partial<Record<FormatFlag, { flag: FormatFlag; why: string }>>>;
  /** Imports the format's package, only when this format is asked for. */
  load(): Promise<BuildFormatExport>;
}

/**
 * Every format `export --format` takes. Another provider is one more entry: its package is
 * imported in `load`, so exporting one format never loads another's.
 */
export const EXPORT_FORMATS: readonly ExportFormat[] = [
  {
    name: 'openai',
    summary: 'OpenAI function tools, a JSON array for `tools:`',
    flags: ['strict', 'embed-annotations', 'drop-unsupported'],
    needs: {
      'drop-unsupported': { flag: 'strict', why: 'only strict mode refuses keywords' },
    },
    async load() {
      const { toOpenaiToolsDetailed } = await import('@apcore-mcp/openai');
      return (registry, options) => {
        const { tools, skipped } = toOpenaiToolsDetailed(registry, options);
        return {
          output: tools,
          toolCount: tools.length,
          // OpenAI's entries join their reasons with newlines; printed, a line is a line.
          skipped: skipped.map(({ moduleId, reason }) => ({ moduleId, reasons: [reason] })),
        };
      };
    },
  },
  {
    name: 'anthropic',
    summary: 'Anthropic Messages API tools, a JSON array for `tools:`',
    flags: ['strict', 'embed-annotations', 'drop-unsupported', 'cache-control', 'input-examples'],
    needs: {
      'drop-unsupported': { flag: 'strict', why: 'only strict tool use refuses keywords' },
    },
    async load() {
      const { toAnthropicToolsDetailed } = await import('@apcore-mcp/anthropic');
      return (registry, options) => {
        const { tools, skipped } = toAnthropicToolsDetailed(registry, options);
        return { output: tools, toolCount: tools.length, skipped };
      };
    },
  },
  {
    name: 'gemini',
    summary: 'Gemini function declarations, a JSON array for `config.tools:`',
    flags: ['embed-annotations', 'drop-unsupported', 'openapi-parameters'],
    async load() {
      const { toGeminiToolsDetailed } = await import('@apcore-mcp/gemini');
      return (registry, options) => {
        const { functionDeclarations, skipped } = toGeminiToolsDetailed(registry, options);
        return {
          // Ready for `tools:` as it is; with nothing to declare, no tool at all.
          output: functionDeclarations.length === 0 ? [] : [{ functionDeclarations }],
          toolCount: functionDeclarations.length,
          skipped,
        };
      };
    },
  },
];
