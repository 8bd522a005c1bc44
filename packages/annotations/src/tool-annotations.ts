/**
 * The MCP tool annotation hints, spelled as in `@modelcontextprotocol/sdk`'s `ToolAnnotations`
 * (assignable to it), declared here so this package never loads the SDK.
 */
export interface ToolAnnotations {
  /** A human-readable title for the tool. */
  title?: string;
  /** The tool does not modify its environment. MCP default: false. */
  readOnlyHint?: boolean;
  /** The tool may perform destructive updates. MCP default: true, so always sent explicitly. */
  destructiveHint?: boolean;
  /** Repeating a call with the same arguments has no further effect. MCP default: false. */
  idempotentHint?: boolean;
  /** The tool interacts with an open world of external entities. MCP default: true. */
  openWorldHint?: boolean;
}
