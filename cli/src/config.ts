/** Settings for the CLI: `--config FILE`, or the `mcpEnvelope.*` keys of `.vscode/settings.json` in the working folder. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type ParseError, parse as parseJsonc } from 'jsonc-parser';
import { type Settings, parseSettings } from '../../engine/src';

import { UsageError } from './usage';

/** Reads a JSON-with-comments settings file and picks the `mcpEnvelope.*` keys (flat or nested). */
export function settingsFromFile(fileName: string): { settings: Settings; problems: string[] } {
  let text: string;
  try {
    text = fs.readFileSync(fileName, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read config ${fileName}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const errors: ParseError[] = [];
  const parsed: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0) throw new UsageError(`config ${fileName} is not valid JSON`);
  const json: Record<string, unknown> =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  const nested =
    json.mcpEnvelope && typeof json.mcpEnvelope === 'object' ? (json.mcpEnvelope as Record<string, unknown>) : {};
  const flat: Record<string, unknown> = { ...nested };
  for (const [key, value] of Object.entries(json)) {
    if (key.startsWith('mcpEnvelope.')) flat[key.slice('mcpEnvelope.'.length)] = value;
  }
  return parseSettings(flat);
}

export function loadCliSettings(
  configPath: string | undefined,
  cwd: string,
): { settings: Settings; problems: string[] } {
  if (configPath) return settingsFromFile(configPath);
  const vscodeSettings = path.join(cwd, '.vscode', 'settings.json');
  if (fs.existsSync(vscodeSettings)) return settingsFromFile(vscodeSettings);
  return parseSettings({});
}
