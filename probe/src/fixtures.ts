/**
 * Fixture files: known-good arguments per tool, `{ "<tool>": { …arguments } }`. Keys starting with `$` (such as
 * the `$comment` that `--scaffold-fixtures` writes) are notes, not tools.
 */
import * as fs from 'node:fs';

export type Fixtures = Record<string, Record<string, unknown>>;

const COMMENT =
  'Known-good arguments per tool for mcp-envelope probe --fixtures. Replace the generated values with a real call ' +
  'that succeeds (for example an id that exists); the probe then also sends it with the id replaced by one that cannot exist.';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads and checks a fixture file; throws an Error whose message says what is wrong. */
export function parseFixtures(text: string, file: string): Fixtures {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!isObject(parsed)) throw new Error(`${file} must hold one JSON object: { "<tool name>": { …arguments } }`);
  const fixtures: Fixtures = {};
  for (const [tool, args] of Object.entries(parsed)) {
    if (tool.startsWith('$')) continue;
    if (!isObject(args)) throw new Error(`${file}: the arguments of "${tool}" must be a JSON object`);
    fixtures[tool] = args;
  }
  return fixtures;
}

export function readFixtures(file: string): Fixtures {
  return parseFixtures(fs.readFileSync(file, 'utf8'), file);
}

/** The text `--scaffold-fixtures` writes: a note, then each tool's schema baseline. */
export function fixturesText(fixtures: Fixtures): string {
  return `${JSON.stringify({ $comment: COMMENT, ...fixtures }, null, 2)}\n`;
}
