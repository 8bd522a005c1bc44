/** Thrown inside the scan with the position where the text stops being JSON. */
class Stop {
  constructor(readonly at: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Where `text`, which `JSON.parse` refused, stops being JSON: the character position of the
 * first fault, as a line and column counted from 1. `JSON.parse` names the position in some of
 * its messages only ("Unexpected token '}', ..."rdToken": }" is not valid JSON" has none), so
 * the text is scanned by the JSON grammar.
 *
 * @example
 * ```ts
 * locateJsonError('{"a": 1,}'); // { line: 1, column: 9 }
 * ```
 */
export function locateJsonError(text: string): { line: number; column: number } {
  const position = scanForFault(text);
  const before = text.slice(0, position).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

function scanForFault(text: string): number {
  let at = 0;
  const expect = (ok: boolean): void => {
    if (!ok) throw new Stop(at);
  };
  const skipSpace = (): void => {
    while (' \t\n\r'.includes(text[at] ?? '!')) at += 1;
  };
  const scanString = (): void => {
    at += 1;
    while (at < text.length && text[at] !== '"') {
      expect(text.charCodeAt(at) >= 0x20);
      at += text[at] === '\\' ? 2 : 1;
    }
    expect(at < text.length);
    at += 1;
  };
  const scanWord = (): void => {
    const word = ['true', 'false', 'null'].find((candidate) => text.startsWith(candidate, at));
    if (word !== undefined) {
      at += word.length;
      return;
    }
    NUMBER.lastIndex = at;
    const number = NUMBER.exec(text);
    expect(number !== null);
    at += number?.[0].length ?? 0;
  };
  const scanItems = (close: string, scanItem: () => void): void => {
    at += 1;
    skipSpace();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      scanItem();
      if (text[at] === close) {
        at += 1;
        return;
      }
      expect(text[at] === ',');
      at += 1;
    }
  };
  const scanValue = (): void => {
    skipSpace();
    const first = text[at];
    if (first === '{') scanItems('}', scanMember);
    else if (first === '[') scanItems(']', scanValue);
    else if (first === '"') scanString();
    else scanWord();
    skipSpace();
  };
  const scanMember = (): void => {
    skipSpace();
    expect(text[at] === '"');
    scanString();
    skipSpace();
    expect(text[at] === ':');
    at += 1;
    scanValue();
  };
  try {
    scanValue();
    return Math.min(at, text.length);
  } catch (error) {
    if (error instanceof Stop) return error.at;
    throw error;
  }
}
