/**
 * Expands VS Code snippet syntax the way the editor does when every tab stop keeps its default:
 * `${n:default}` inserts the default, `${n|a,b|}` the first choice, `$n`/`${n}` repeats stop n,
 * `$0` inserts nothing. Written from the syntax in VS Code's snippet documentation; anything
 * else (variables, transforms, unbalanced braces) is an error, so a malformed snippet fails.
 */

type SnippetNode =
  | { kind: 'text'; value: string }
  | { kind: 'stop'; index: number }
  | { kind: 'placeholder'; index: number; children: SnippetNode[] }
  | { kind: 'choice'; index: number; options: string[] };

class SnippetParser {
  private position = 0;

  constructor(private readonly source: string) {}

  parse(): SnippetNode[] {
    const nodes = this.parseNodes(false);
    if (this.position < this.source.length) throw this.error('unexpected }');
    return nodes;
  }

  private error(message: string): Error {
    return new Error(`${message} at offset ${this.position} of ${JSON.stringify(this.source.slice(0, 80))}…`);
  }

  private parseNodes(insidePlaceholder: boolean): SnippetNode[] {
    const nodes: SnippetNode[] = [];
    let text = '';
    const flush = () => {
      if (text) nodes.push({ kind: 'text', value: text });
      text = '';
    };
    while (this.position < this.source.length) {
      const char = this.source[this.position];
      if (char === '\\') {
        const next = this.source[this.position + 1];
        if (next === '$' || next === '}' || next === '\\') {
          text += next;
          this.position += 2;
        } else {
          text += char;
          this.position += 1;
        }
      } else if (char === '$') {
        flush();
        nodes.push(this.parseDollar());
      } else if (char === '}' && insidePlaceholder) {
        break;
      } else {
        text += char;
        this.position += 1;
      }
    }
    flush();
    return nodes;
  }

  private parseInt(): number {
    const match = /^\d+/.exec(this.source.slice(this.position));
    if (!match) throw this.error('expected a tab stop number');
    this.position += match[0].length;
    return Number(match[0]);
  }

  private parseDollar(): SnippetNode {
    this.position += 1;
    if (/\d/.test(this.source[this.position] ?? '')) return { kind: 'stop', index: this.parseInt() };
    if (this.source[this.position] !== '{') throw this.error('variables are not supported');
    this.position += 1;
    if (!/\d/.test(this.source[this.position] ?? '')) throw this.error('variables are not supported');
    const index = this.parseInt();
    const next = this.source[this.position];
    if (next === '}') {
      this.position += 1;
      return { kind: 'stop', index };
    }
    if (next === ':') {
      this.position += 1;
      const children = this.parseNodes(true);
      if (this.source[this.position] !== '}') throw this.error('unterminated placeholder');
      this.position += 1;
      return { kind: 'placeholder', index, children };
    }
    if (next === '|') {
      this.position += 1;
      return { kind: 'choice', index, options: this.parseChoices() };
    }
    throw this.error('transforms are not supported');
  }

  private parseChoices(): string[] {
    const options: string[] = [];
    let current = '';
    while (this.position < this.source.length) {
      const char = this.source[this.position];
      if (char === '\\' && /[\\,|]/.test(this.source[this.position + 1] ?? '')) {
        current += this.source[this.position + 1];
        this.position += 2;
      } else if (char === ',') {
        options.push(current);
        current = '';
        this.position += 1;
      } else if (char === '|' && this.source[this.position + 1] === '}') {
        options.push(current);
        this.position += 2;
        return options;
      } else {
        current += char;
        this.position += 1;
      }
    }
    throw this.error('unterminated choice');
  }
}

export interface SnippetSummary {
  /** Tab stop numbers in the order Tab visits them ($0 last). */
  tabOrder: number[];
  /** The options of every choice, by tab stop. */
  choices: Map<number, string[]>;
}

function collectDefaults(
  nodes: SnippetNode[],
  defaults: Map<number, SnippetNode[]>,
  summary: SnippetSummary,
  picks: ReadonlyMap<number, number>,
): void {
  for (const node of nodes) {
    if (node.kind === 'text') continue;
    if (!summary.tabOrder.includes(node.index)) summary.tabOrder.push(node.index);
    if (node.kind === 'placeholder') {
      if (defaults.has(node.index)) throw new Error(`tab stop ${node.index} has two defaults`);
      defaults.set(node.index, node.children);
      collectDefaults(node.children, defaults, summary, picks);
    } else if (node.kind === 'choice') {
      if (defaults.has(node.index)) throw new Error(`tab stop ${node.index} has two defaults`);
      const option = node.options[picks.get(node.index) ?? 0];
      if (option === undefined) throw new Error(`tab stop ${node.index} has no option ${picks.get(node.index)}`);
      defaults.set(node.index, [{ kind: 'text', value: option }]);
      summary.choices.set(node.index, node.options);
    }
  }
}

function render(nodes: SnippetNode[], defaults: Map<number, SnippetNode[]>, depth: number): string {
  if (depth > 20) throw new Error('a tab stop mirrors itself');
  return nodes
    .map((node) => {
      if (node.kind === 'text') return node.value;
      if (node.kind === 'placeholder') return render(node.children, defaults, depth + 1);
      return render(defaults.get(node.index) ?? [], defaults, depth + 1);
    })
    .join('');
}

/** The text VS Code inserts when the snippet is accepted and every stop keeps its default. */
export function expandSnippet(body: string): string {
  return analyseSnippet(body).expanded;
}

/**
 * Parses a snippet and expands it; `picks` chooses an option (by position) for some choice tab
 * stops, as a user picking from the list would; the others take their first option.
 */
export function analyseSnippet(
  body: string,
  picks: ReadonlyMap<number, number> = new Map(),
): SnippetSummary & { expanded: string } {
  const nodes = new SnippetParser(body).parse();
  const defaults = new Map<number, SnippetNode[]>();
  const summary: SnippetSummary = { tabOrder: [], choices: new Map() };
  collectDefaults(nodes, defaults, summary, picks);
  summary.tabOrder.sort((a, b) => (a === 0 ? 1 : b === 0 ? -1 : a - b));
  return { ...summary, expanded: render(nodes, defaults, 0) };
}
