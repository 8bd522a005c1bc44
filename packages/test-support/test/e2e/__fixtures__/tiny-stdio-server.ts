// The tiny server over stdio, both eras in one process, as `serveStdio` offers them.
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { buildTinyServer } from './tiny-server.js';

serveStdio(({ era }) => buildTinyServer(era));
