/**
 * Analyses one file of a small in-memory workspace (with the project index of every file in it) and
 * returns the throw-in-handler / unguarded-handler findings as `check:line` strings.
 */
import assert from 'node:assert/strict';
import { Project } from '../../../../../engine/src/discovery/project';
import { indexWorkspace } from '../../../../../engine/src/discovery/workspaceIndex';
import { DEFAULT_SETTINGS, engineSettings } from '../../../../../engine/src/settings';

const manifest = JSON.stringify({ name: 'ws', dependencies: { '@modelcontextprotocol/sdk': '1.0.0' } });

const GUARD_CHECKS = new Set(['throw-in-handler', 'unguarded-handler']);

/** `files` maps paths under /ws/src/ to their text; `target` is the path analysed. */
export function guardFindings(files: Readonly<Record<string, string>>, target: string): string[] {
  const all = new Map<string, string>([['/ws/package.json', manifest]]);
  for (const [name, text] of Object.entries(files)) all.set(`/ws/src/${name}`, text);
  const settings = engineSettings(DEFAULT_SETTINGS);
  const project = new Project(
    (fileName) => all.has(fileName),
    (fileName) => all.get(fileName),
  );
  const sources = [...all].filter(([name]) => name.endsWith('.ts')).map(([fileName, text]) => ({ fileName, text }));
  indexWorkspace(project, sources, settings, ['/ws/package.json']);
  const text = all.get(`/ws/src/${target}`) ?? '';
  const outcome = project.analyse(`/ws/src/${target}`, text, settings);
  assert.equal(outcome.kind, 'analysed');
  if (outcome.kind !== 'analysed') return [];
  return outcome.result.findings
    .filter((f) => GUARD_CHECKS.has(f.check))
    .map((f) => `${f.check}:${text.slice(0, f.start).split('\n').length}`);
}
