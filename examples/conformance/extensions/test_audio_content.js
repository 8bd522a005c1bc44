import { audio, defineModule } from '@apcore-mcp/core';
import { SILENT_WAV } from './_lib/media.js';

export default defineModule({
  description: 'Tests audio content response',
  inputSchema: {},
  execute: () => audio(SILENT_WAV, 'audio/wav'),
});
