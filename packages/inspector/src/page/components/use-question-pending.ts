import { useEffect, useState } from 'preact/hooks';
import type { QuestionQueue } from '../mcp/questions.js';

/**
 * Whether the server's question waits for the user's answer now, kept up to date.
 *
 * @example
 * ```ts
 * const asking = useQuestionPending(questions);
 * ```
 */
export function useQuestionPending(questions: QuestionQueue): boolean {
  const [pending, setPending] = useState(questions.current() !== undefined);
  useEffect(() => {
    setPending(questions.current() !== undefined);
    return questions.subscribe(() => setPending(questions.current() !== undefined));
  }, [questions]);
  return pending;
}
