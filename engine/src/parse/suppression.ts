/** `// mcp-envelope-disable-next-line [id, id…]` comments. */

export const DISABLE_NEXT_LINE = 'mcp-envelope-disable-next-line';
const PATTERN = /\/\/\s*mcp-envelope-disable-next-line\b([^\n]*)/g;

/** Maps a 0-based line to the check ids suppressed on it ('*' for all). */
export function suppressedLines(text: string, lineOf: (offset: number) => number): Map<number, Set<string>> {
  const result = new Map<number, Set<string>>();
  if (!text.includes(DISABLE_NEXT_LINE)) return result;
  for (const match of text.matchAll(PATTERN)) {
    const ids = match[1]
      .replace(/--.*$/, '')
      .split(/[\s,]+/)
      .filter((id) => id.length > 0);
    const line = lineOf(match.index ?? 0) + 1;
    const set = result.get(line) ?? new Set<string>();
    if (ids.length === 0) set.add('*');
    for (const id of ids) set.add(id);
    result.set(line, set);
  }
  return result;
}
