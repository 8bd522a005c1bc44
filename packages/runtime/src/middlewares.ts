// `@apcore-mcp/runtime/middlewares`: the middlewares a configuration names, without the rest of
// the runtime (the executor, ajv): what checks a `middleware` option loads only this. Named
// exports only.

export type { Middleware } from './middleware.js';
export {
  type BuildMiddlewaresOptions,
  buildMiddlewares,
  type MiddlewareConfigEntry,
} from './middlewares/build-middlewares.js';
