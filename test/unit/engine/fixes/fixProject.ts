/**
 * Fix-all on one file of a small project written to disk (fixes read the files a handler imports from disk),
 * as `check --fix` runs it: the fixed text, the titles of the applied fixes and the files they ask for.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Project, engineSettings, parseSettings } from '../../../../engine/src';
import { fixAll } from '../../../../engine/src/fixes/fixApplier';

export interface FixedFile {
  text: string;
  applied: string[];
  createFiles: Array<{ path: string; text: string }>;
}

/** Writes `files` (relative path → text) under `dir`, with a package.json unless one is given. */
export function writeProject(dir: string, files: Readonly<Record<string, string>>): void {
  const all: Record<string, string> = { 'package.json': '{ "type": "module" }\n', ...files };
  for (const [file, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

/** Runs fix-all on `dir/file` (already written) with the default settings, `indexed` files of `dir` indexed too. */
export function fixFile(dir: string, file: string, indexed: readonly string[] = []): FixedFile {
  const settings = engineSettings(parseSettings({}).settings);
  const fileName = path.join(dir, file);
  const text = fs.readFileSync(fileName, 'utf8');
  const project = new Project();
  // Other files of the project indexed first, as a workspace index would (a dispatcher in one calls a feature in another).
  for (const other of indexed) {
    project.indexText(path.join(dir, other), fs.readFileSync(path.join(dir, other), 'utf8'), settings);
  }
  project.indexText(fileName, text, settings);
  const result = fixAll(fileName, text, (current) => {
    const outcome = project.analyse(fileName, current, settings);
    return outcome.kind === 'analysed' ? outcome.result.findings : [];
  });
  return { text: result.text, applied: result.applied, createFiles: result.createFiles };
}
