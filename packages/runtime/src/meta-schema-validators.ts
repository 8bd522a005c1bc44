import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { findPackageDir } from '@apcore-mcp/core/bridge';
import type { Ajv, ErrorObject, Options } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';

/** ajv is CommonJS, and so is the validators' standalone code: `require` loads them. */
const requireCommonJs = createRequire(import.meta.url);

/**
 * A meta-schema's validator, as ajv compiles it: `false` and `errors` for a schema that breaks
 * the meta-schema.
 *
 * @example
 * ```ts
 * const validate: MetaSchemaValidator = loadMetaSchemaValidators().draft2020;
 * if (!validate(schema)) console.error(validate.errors);
 * ```
 */
export interface MetaSchemaValidator {
  (schema: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** The dialects schemas are checked in, by name; their meta-schemas and standalone files. */
const DIALECTS = {
  draft2020: {
    metaSchema: 'https://json-schema.org/draft/2020-12/schema',
    file: 'meta-schema-2020-12.cjs',
  },
  draft07: {
    metaSchema: 'http://json-schema.org/draft-07/schema',
    file: 'meta-schema-draft-07.cjs',
  },
} as const;

/**
 * The meta-schema validators of draft 2020-12 and draft-07.
 *
 * @example
 * ```ts
 * const { draft2020, draft07 }: MetaSchemaValidators = loadMetaSchemaValidators();
 * ```
 */
export type MetaSchemaValidators = Record<keyof typeof DIALECTS, MetaSchemaValidator>;

/** Every error, and no formats: the meta-schemas only annotate theirs. */
const META_AJV_OPTIONS: Options = { allErrors: true, strict: false, logger: false };

let loaded: MetaSchemaValidators | undefined;

/**
 * The meta-schema validators, loaded once per process. The build writes them as ajv's
 * standalone code into the package's `dist/` (see {@link generateMetaSchemaCode}): loading ajv
 * and compiling the 2020-12 meta-schema took longer than starting the rest of the server.
 * Before a build, the package compiles the same validators with ajv on first use.
 *
 * @example
 * ```ts
 * loadMetaSchemaValidators().draft2020({ type: 'nmber' }); // false
 * ```
 */
export function loadMetaSchemaValidators(): MetaSchemaValidators {
  loaded ??= {
    draft2020: loadValidator('draft2020'),
    draft07: loadValidator('draft07'),
  };
  return loaded;
}

function loadValidator(dialect: keyof typeof DIALECTS): MetaSchemaValidator {
  const { file, metaSchema } = DIALECTS[dialect];
  // Looked up from the package's root: the build may bundle this module into a chunk elsewhere.
  const built = join(findPackageDir(import.meta.url), 'dist', file);
  if (existsSync(built)) {
    return (requireCommonJs(built) as Record<string, MetaSchemaValidator>)[dialect]!;
  }
  return createMetaAjv(dialect).getSchema(metaSchema) as MetaSchemaValidator;
}

/**
 * The standalone code of each dialect's meta-schema validator, by the file the build writes it
 * to (next to this module in `dist`). Called by `scripts/build-meta-schema-validators.mjs`.
 *
 * @example
 * ```ts
 * for (const [file, code] of Object.entries(generateMetaSchemaCode())) writeFileSync(file, code);
 * ```
 */
export function generateMetaSchemaCode(): Record<string, string> {
  const standalone = requireCommonJs(
    'ajv/dist/standalone/index.js',
  ) as typeof import('ajv/dist/standalone/index.js');
  const entries = (Object.keys(DIALECTS) as (keyof typeof DIALECTS)[]).map((dialect) => {
    const { file, metaSchema } = DIALECTS[dialect];
    const ajv = createMetaAjv(dialect, { code: { source: true } });
    return [file, standalone.default(ajv, { [dialect]: metaSchema })];
  });
  return Object.fromEntries(entries);
}

function createMetaAjv(dialect: keyof typeof DIALECTS, extra: Options = {}): Ajv | Ajv2020 {
  const options = { ...META_AJV_OPTIONS, ...extra };
  return dialect === 'draft2020'
    ? new (requireCommonJs('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020(
        options,
      )
    : new (requireCommonJs('ajv') as typeof import('ajv')).Ajv(options);
}
