// The shapes of the contract fixtures, as far as our drivers read them. The spec repository's
// `conformance/README.md` says input and expectation keys mirror each entry point's parameters.

/** A module as the fixtures write it (the spec's snake_case descriptor). */
export interface FixtureModule {
  module_id: string;
  description?: string;
  input_schema?: Record<string, unknown>;
  output_schema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** A case of `tool_mapping.json`: a module and the MCP tool built from it. */
export interface ToolMappingCase {
  id: string;
  description: string;
  input_module: FixtureModule;
  expected_mcp_tool: {
    name: string;
    description: string;
    inputSchema: Record<string, unknown>;
    annotations: Record<string, boolean>;
  };
}

/** A case of `openai_tool_mapping.json`: field-level expectations of one function. */
export interface OpenaiToolMappingCase {
  id: string;
  description: string;
  options: { strict: boolean; embed_annotations?: boolean };
  input_module: FixtureModule;
  expected_function_name: string;
  expected_property_description?: { property: string; value: string };
  expected_absent_property_keys?: string[];
  /** The property `expected_absent_property_keys` are checked on, when not that of the description. */
  expected_property_of?: string;
  expected_description_contains?: string[];
  expected_description_not_contains?: string[];
}

/** A case of `output_redaction.json`. */
export interface OutputRedactionCase {
  id: string;
  description: string;
  output_schema: Record<string, unknown>;
  output: Record<string, unknown>;
  expected_redacted_output: Record<string, unknown>;
}

/** An accepted configuration of `acl_config.json`. */
export interface AclConfigCase {
  id: string;
  description: string;
  input: unknown;
  expected_acl: { rule_count: number; default_effect: 'allow' | 'deny' } | null;
}

/** A refused configuration of `acl_config.json`. */
export interface AclConfigErrorCase {
  id: string;
  description: string;
  input: unknown;
  expected_error_substring?: string;
  expected_error_substrings?: string[];
  expected_error_names_field?: string;
  must_not_contain?: string;
}

/** A case of `schema_converter.json`. */
export interface SchemaConverterCase {
  id: string;
  description: string;
  input_schema: Record<string, unknown>;
  expected_inlined_schema: Record<string, unknown>;
}

/** A refused schema of `schema_converter.json`. */
export interface SchemaConverterErrorCase {
  id: string;
  description: string;
  input_schema: Record<string, unknown>;
  expected_error_substring: string;
}

/** A divergence a fixture records on purpose instead of pinning it. */
export interface KnownGap {
  id: string;
  status?: string;
  severity?: string;
  description: string;
}

/** The fields every fixture file has. */
interface FixtureFile<Case> {
  description: string;
  entry_point?: string;
  spec?: string;
  contract_version?: string;
  test_cases: Case[];
  known_gaps?: KnownGap[];
}

/** A case of `middleware_config.json`, left open: it belongs to the middleware configuration. */
export interface MiddlewareConfigCase {
  id: string;
  description: string;
  [key: string]: unknown;
}

/**
 * Every fixture by its name (the file name without `.json`). `system_surface` and
 * `openapi_backend` are not case lists of the usual shape; they are typed loosely until the
 * features they pin drive them.
 */
export interface ContractFixtures {
  tool_mapping: FixtureFile<ToolMappingCase>;
  openai_tool_mapping: FixtureFile<OpenaiToolMappingCase>;
  output_redaction: FixtureFile<OutputRedactionCase>;
  acl_config: FixtureFile<AclConfigCase> & { error_cases: AclConfigErrorCase[] };
  schema_converter: FixtureFile<SchemaConverterCase> & {
    error_cases: SchemaConverterErrorCase[];
  };
  middleware_config: FixtureFile<MiddlewareConfigCase> & {
    error_cases: MiddlewareConfigCase[];
  };
  system_surface: Record<string, unknown>;
  openapi_backend: Record<string, unknown>;
}
