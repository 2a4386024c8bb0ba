/** The text of the CodeLens above a tool registration, from the calls seen so far. Pure. */
import type { ToolStats } from '../panel/callStore';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** e.g. `14 calls · 3 errors (TRANSIENT 2, VALIDATION 1)`, or `no live calls yet`. */
export function lensTitle(stats: ToolStats): string {
  if (stats.calls === 0) return 'no live calls yet';
  if (stats.errors === 0) return `${plural(stats.calls, 'call')} · no errors`;
  const kinds = Object.entries(stats.errorsByKind)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([kind, count]) => `${kind} ${count}`);
  return `${plural(stats.calls, 'call')} · ${plural(stats.errors, 'error')} (${kinds.join(', ')})`;
}
