/**
 * Parsed JSON, or where and why it is not JSON (line and column counted from 1).
 *
 * @example
 * ```ts
 * parseJson('{"a": }'); // { ok: false, message: 'line 1, column 7: ...', line: 1, column: 7 }
 * ```
 */
export function parseJson(
  text: string,
): { ok: true; value: unknown } | { ok: false; message: string; line?: number; column?: number } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text);
    if (offset === undefined) return { ok: false, message: reason };
    const before = text.slice(0, offset).split('\n');
    const line = before.length;
    const column = (before.at(-1)?.length ?? 0) + 1;
    const found =
      offset < text.length
        ? `unexpected ${JSON.stringify(text[offset])}`
        : 'the text ends too early';
    return { ok: false, message: `line ${line}, column ${column}: ${found}`, line, column };
  }
}

/**
 * Where JSON text stops being JSON: the offset of the first character a JSON parser cannot
 * accept (the text's length when it ends too early); `undefined` for valid JSON. Browsers'
 * `JSON.parse` messages do not always say where, and the raw JSON editor must.
 *
 * @example
 * ```ts
 * jsonErrorOffset('{"a": }'); // 6
 * jsonErrorOffset('[1, 2'); // 5
 * ```
 */
export function jsonErrorOffset(text: string): number | undefined {
  const scanner = new JsonScanner(text);
  try {
    scanner.value();
    scanner.whitespace();
    if (scanner.offset < text.length) return scanner.offset;
    return undefined;
  } catch {
    return scanner.offset;
  }
}

const LITERALS = ['true', 'false', 'null'];
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
/** Below U+0020: the control characters a JSON string must escape. */
const FIRST_PRINTABLE = 0x20;

class JsonScanner {
  offset = 0;
  constructor(private readonly text: string) {}

  whitespace(): void {
    while (/[ \t\n\r]/.test(this.text[this.offset] ?? '')) this.offset += 1;
  }

  value(): void {
    this.whitespace();
    const character = this.text[this.offset];
    if (character === '{') this.sequence('}', () => this.member());
    else if (character === '[') this.sequence(']', () => this.value());
    else if (character === '"') this.string();
    else this.scalar();
  }

  private sequence(close: string, entry: () => void): void {
    this.offset += 1;
    this.whitespace();
    if (this.text[this.offset] === close) {
      this.offset += 1;
      return;
    }
    for (;;) {
      entry();
      this.whitespace();
      const separator = this.text[this.offset];
      if (separator === close) break;
      if (separator !== ',') throw new SyntaxError('expected , or close');
      this.offset += 1;
    }
    this.offset += 1;
  }

  private member(): void {
    this.whitespace();
    if (this.text[this.offset] !== '"') throw new SyntaxError('expected a property name');
    this.string();
    this.whitespace();
    if (this.text[this.offset] !== ':') throw new SyntaxError('expected :');
    this.offset += 1;
    this.value();
  }

  private string(): void {
    this.offset += 1;
    for (let character = this.text[this.offset]; character !== '"'; ) {
      if (character === undefined || character.charCodeAt(0) < FIRST_PRINTABLE) {
        throw new SyntaxError('bad string');
      }
      if (character === '\\') {
        ESCAPE.lastIndex = this.offset;
        const match = ESCAPE.exec(this.text);
        if (match === null) throw new SyntaxError('bad escape');
        this.offset += match[0].length;
      } else this.offset += 1;
      character = this.text[this.offset];
    }
    this.offset += 1;
  }

  private scalar(): void {
    const literal = LITERALS.find((word) => this.text.startsWith(word, this.offset));
    if (literal !== undefined) {
      this.offset += literal.length;
      return;
    }
    NUMBER.lastIndex = this.offset;
    const match = NUMBER.exec(this.text);
    if (match === null) throw new SyntaxError('expected a value');
    this.offset += match[0].length;
  }
}
