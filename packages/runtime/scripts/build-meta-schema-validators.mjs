// Writes the meta-schema validators as ajv's standalone code into dist/, where the module that
// loads them looks (see src/meta-schema-validators.ts): a process then neither loads ajv nor compiles
// a meta-schema to check the schemas of the modules it serves. Run by `build`, after tsc.
import { writeFile } from 'node:fs/promises';
import { generateMetaSchemaCode } from '../dist/meta-schema-validators.js';

for (const [file, code] of Object.entries(generateMetaSchemaCode())) {
  await writeFile(new URL(`../dist/${file}`, import.meta.url), code);
}
