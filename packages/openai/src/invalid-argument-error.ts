// The shared export's error, under the name this package has always exported it by.
export { InvalidArgumentError } from '@apcore-mcp/tool-export';
