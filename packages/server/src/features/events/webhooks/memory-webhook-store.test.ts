import { describeWebhookStoreContract } from '@apcore-mcp/test-support';
import { createMemoryWebhookStore } from './memory-webhook-store.js';

describeWebhookStoreContract('memory', () => createMemoryWebhookStore(), ['2', '9', '10']);
