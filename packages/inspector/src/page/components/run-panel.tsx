import type { Client, Progress, Tool } from '@modelcontextprotocol/client';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { CallOutcome } from '../logic/call-outcome.js';
import { isInputRoundProgress } from '../logic/call-progress.js';
import { describeError, type Failure } from '../logic/describe-error.js';
import type { JsonSchema } from '../logic/json-schema.js';
import { CALL_LOG_LEVEL_META } from '../mcp/connect.js';
import type { QuestionQueue } from '../mcp/questions.js';
import { LogList } from './log-list.js';
import { ProgressView } from './progress-view.js';
import { ResultView } from './result-view.js';
import { SchemaForm } from './schema-form.js';
import type { LogEntry } from './use-connection.js';
import { useQuestionPending } from './use-question-pending.js';

interface RunPanelProps {
  client: Client;
  tool: Tool;
  onLog(listener: (entry: LogEntry) => void): () => void;
  /** The server's questions: while one waits, the call waits for the user's answer. */
  questions: QuestionQueue;
}

/** The `_meta` key of a dry run: the server checks the call and runs nothing. */
const PREFLIGHT_META = 'apcore/preflight';

/** Module progress only: the SDK's note that it is asking is shown as the question itself. */
function keepModuleProgress(set: (progress: Progress) => void) {
  return (progress: Progress) => {
    if (!isInputRoundProgress(progress)) set(progress);
  };
}

/** The tool's form, Run, Check (a dry run) and Cancel, then progress, logs and the result as they arrive. */
export function RunPanel({ client, tool, onLog, questions }: RunPanelProps) {
  const asking = useQuestionPending(questions);
  const [running, setRunning] = useState<AbortController | undefined>(undefined);
  const [progress, setProgress] = useState<Progress | undefined>(undefined);
  const [logs, setLogs] = useState<LogEntry[]>([]);
  const [outcome, setOutcome] = useState<CallOutcome | undefined>(undefined);
  const listening = useRef<(() => void) | undefined>(undefined);
  useEffect(() => () => listening.current?.(), []);

  const run = async (args: Record<string, unknown>, options: { preflight?: boolean } = {}) => {
    const controller = new AbortController();
    setRunning(controller);
    setProgress(undefined);
    setLogs([]);
    setOutcome(undefined);
    listening.current?.();
    listening.current = onLog((entry) => setLogs((previous) => [...previous, entry]));
    const started = performance.now();
    try {
      const result = await client.callTool(
        {
          name: tool.name,
          arguments: args,
          // Check: the server's dry run answers what it found (input, ACL, approval, limits).
          _meta: options.preflight
            ? { ...CALL_LOG_LEVEL_META, [PREFLIGHT_META]: true }
            : CALL_LOG_LEVEL_META,
        },
        {
          signal: controller.signal,
          onprogress: keepModuleProgress(setProgress),
          resetTimeoutOnProgress: true,
        },
      );
      setOutcome({ kind: 'result', result, elapsedMs: performance.now() - started });
    } catch (error) {
      // Whatever the SDK rejects with once aborted (the reason, an AbortError), it was the user.
      const failure: Failure = controller.signal.aborted
        ? { kind: 'cancelled', message: 'Cancelled.' }
        : describeError(error);
      setOutcome({ kind: 'failure', failure, elapsedMs: performance.now() - started });
    } finally {
      setRunning(undefined);
      // Late log lines of this call still arrive after its result; the next run stops listening.
    }
  };

  return (
    <section class="run" aria-labelledby="run-heading">
      <h3 id="run-heading">Try it</h3>
      <SchemaForm
        idPrefix="run"
        schema={(tool.inputSchema ?? { type: 'object' }) as JsonSchema}
        submitLabel="Run"
        busy={running !== undefined}
        onSubmit={(args) => void run(args)}
        alternate={{ label: 'Check', onSubmit: (args) => void run(args, { preflight: true }) }}
      >
        {running !== undefined && (
          <button
            type="button"
            class="danger"
            onClick={() => running.abort('Cancelled in the inspector')}
          >
            Cancel
          </button>
        )}
      </SchemaForm>
      <ProgressView running={running !== undefined} asking={asking} progress={progress} />
      <LogList logs={logs} />
      {outcome !== undefined && <ResultView outcome={outcome} />}
    </section>
  );
}
