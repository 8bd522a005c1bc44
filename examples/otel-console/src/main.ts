// `pnpm start`: registers the OTel Node SDK with a console exporter, makes one traced tool call,
// prints the spans, and exits 1 unless the module ran under the client's trace id.
import {
  ConsoleSpanExporter,
  NodeTracerProvider,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-node';
import { runTracedCall } from './traced-call.js';

// `register()` also installs the AsyncLocalStorage context manager (nested spans find their
// parent) and the W3C propagator (the server reads `traceparent` from `_meta`).
const provider = new NodeTracerProvider({
  spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
});
provider.register();

try {
  const outcome = await runTracedCall();
  console.log(`Greeting: ${outcome.greeting}`);
  console.log(`Client trace id: ${outcome.clientTraceId}`);
  console.log(`Module trace id: ${outcome.moduleTraceId}`);
  if (outcome.moduleTraceId !== outcome.clientTraceId) {
    throw new Error('The module did not run under the client trace');
  }
  console.log('The call joined the client trace.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await provider.shutdown();
}
