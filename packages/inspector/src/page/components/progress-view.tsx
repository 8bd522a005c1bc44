import type { Progress } from '@modelcontextprotocol/client';

/** The running call's progress, announced politely as it arrives. */
export function ProgressView({
  running,
  progress,
}: {
  running: boolean;
  progress: Progress | undefined;
}) {
  return (
    <section class="progress" aria-label="Progress" aria-live="polite">
      {running && progress === undefined && <p>Running…</p>}
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
