// The shared export's error, under the name this package has always exported it by.
export { StrictModeError, type StrictModeErrorDetails } from '@apcore-mcp/tool-export';
