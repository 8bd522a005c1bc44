/** Thrown inside the scan with the position where the text stops being JSON. */
class Stop {
  constructor(readonly at: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORDS = ['true', 'false', 'null'];

/** Reads JSON by its grammar, only to find where it stops being JSON. */
class JsonScanner {
  #at = 0;

  constructor(readonly text: string) {}

  /** The position of the first fault, or the end of the text when there is none. */
  findFault(): number {
    try {
      this.#value();
      return Math.min(this.#at, this.text.length);
    } catch (error) {
      if (error instanceof Stop) return error.at;
      throw error;
    }
  }

  #expect(ok: boolean): void {
    if (!ok) throw new Stop(this.#at);
  }

  #skipSpace(): void {
    while (' \t\n\r'.includes(this.text[this.#at] ?? '!')) this.#at += 1;
  }

  #value(): void {
    this.#skipSpace();
    const first = this.text[this.#at];
    if (first === '{') this.#items('}', () => this.#member());
    else if (first === '[') this.#items(']', () => this.#value());
    else if (first === '"') this.#string();
    else this.#word();
    this.#skipSpace();
  }

  #member(): void {
    this.#skipSpace();
    this.#expect(this.text[this.#at] === '"');
    this.#string();
    this.#skipSpace();
    this.#expect(this.text[this.#at] === ':');
    this.#at += 1;
    this.#value();
  }

  /** An object's members or an array's values, each by `item`, up to `close`. */
  #items(close: string, item: () => void): void {
    this.#at += 1;
    this.#skipSpace();
    if (this.text[this.#at] !== close) {
      // A comma always leads to another item: a trailing one fails at the close.
      for (item(); this.text[this.#at] === ','; item()) this.#at += 1;
      this.#expect(this.text[this.#at] === close);
    }
    this.#at += 1;
  }

  #string(): void {
    this.#at += 1;
    while (this.#at < this.text.length && this.text[this.#at] !== '"') {
      this.#expect(this.text.charCodeAt(this.#at) >= 0x20);
      this.#at += this.text[this.#at] === '\\' ? 2 : 1;
    }
    this.#expect(this.#at < this.text.length);
    this.#at += 1;
  }

  #word(): void {
    const word = WORDS.find((candidate) => this.text.startsWith(candidate, this.#at));
    NUMBER.lastIndex = this.#at;
    const length = word?.length ?? NUMBER.exec(this.text)?.[0].length;
    this.#expect(length !== undefined);
    this.#at += length ?? 0;
  }
}

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
  const position = new JsonScanner(text).findFault();
  const before = text.slice(0, position).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
