import { useEffect, useRef } from 'preact/hooks';
import type { Failure } from '../logic/describe-error.js';

interface TokenFormProps {
  failure: Failure | undefined;
  onSubmit(token: string): void;
}

/** Asks for the bearer token before the page connects (and again after a 401/403). */
export function TokenForm({ failure, onSubmit }: TokenFormProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event: Event) => {
    event.preventDefault();
    const value = input.current?.value.trim() ?? '';
    if (value !== '') onSubmit(value);
  };
  return (
    <section class="panel token" aria-labelledby="token-heading">
      <h2 id="token-heading">Sign in with a token</h2>
      <p>
        This server checks bearer tokens. The token stays in this page's memory only: it is not
        stored, and reloading the page forgets it.
      </p>
      {failure?.kind === 'auth' && (
        <p class="error" role="alert">
          {failure.message}
        </p>
      )}
      <form onSubmit={submit} class="token-form">
        <label for="bearer-token">Bearer token</label>
        <input
          id="bearer-token"
          ref={input}
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
        />
        <button type="submit">Connect</button>
      </form>
    </section>
  );
}
