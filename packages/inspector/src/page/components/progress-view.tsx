import type { Progress } from '@modelcontextprotocol/client';

/**
 * The running call's progress, announced politely as it arrives; while the server's question
 * waits (an approval, an `elicit()`), the call waits for the user's answer and says so.
 */
export function ProgressView({
  running,
  asking,
  progress,
}: {
  running: boolean;
  asking: boolean;
  progress: Progress | undefined;
}) {
  return (
    <section class="progress" aria-label="Progress" aria-live="polite">
      {running && asking && <p>Waiting for your answer</p>}
      {running && !asking && progress === undefined && <p>Running…</p>}
      {progress !== undefined && (
        <>
          <progress
            aria-label="Call progress"
            value={progress.progress}
            max={progress.total ?? undefined}
          />
          <p>
            {progress.total === undefined
              ? progress.progress
              : `${progress.progress} of ${progress.total}`}
            {progress.message !== undefined && ` — ${progress.message}`}
            {!running && ' (finished)'}
          </p>
        </>
      )}
    </section>
  );
}
