// `pnpm start`: runs the round trip, prints what it does, exits 1 if any answer is wrong.
import { runRoundtrip } from './roundtrip.js';

try {
  await runRoundtrip((line) => console.log(line));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
