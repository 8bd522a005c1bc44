// Any new export added here becomes public API: named exports only, no wildcards.
export {};
