#!/usr/bin/env node
// The `apcore-mcp` command: everything lives in the package; this only hands over the arguments.
import { run } from '../dist/cli.js';

process.exitCode = await run(process.argv.slice(2));
