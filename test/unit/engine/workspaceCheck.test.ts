import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  DEFAULT_SETTINGS,
  Project,
  type WorkspaceFile,
  checkWorkspace,
  engineSettings,
  indexWorkspace,
} from '../../../engine/src';
import { FRAMEWORK_FIXTURES } from './discovery/frameworkFixtures';
import { STYLE_FIXTURES, type StyleFixture } from './discovery/styleFixtures';

const ROOT = path.resolve('/workspace-under-test');
const settings = engineSettings(DEFAULT_SETTINGS);

function workspaceOf(fixture: StyleFixture, reversed: boolean) {
  const files = new Map(Object.entries(fixture.files).map(([name, text]) => [path.join(ROOT, name), text]));
  const project = () =>
    new Project(
      (fileName) => files.has(fileName),
      (fileName) => files.get(fileName),
    );
  const sources: WorkspaceFile[] = [...files]
    .filter(([name]) => name.endsWith('.ts'))
    .map(([fileName, text]) => ({ fileName, text }));
  if (reversed) sources.reverse();
  const manifests = [...files.keys()].filter((name) => name.endsWith('package.json'));
  return { project, sources, manifests };
}

/** Each file's outcome the two-pass way: indexWorkspace, then Project.analyse with the kept parse. */
function twoPasses(fixture: StyleFixture, reversed: boolean): Map<string, string> {
  const { project: newProject, sources, manifests } = workspaceOf(fixture, reversed);
  const project = newProject();
  const parsed = indexWorkspace(project, sources, settings, manifests);
  const result = new Map<string, string>();
  for (const { fileName, text } of sources) {
    const outcome = project.analyse(fileName, text, settings, parsed.get(fileName));
    result.set(
      fileName,
      outcome.kind === 'analysed'
        ? outcome.result.findings.map((f) => `${f.check}@${f.start}-${f.end}:${f.message}`).join('\n')
        : `skipped ${outcome.reason}`,
    );
  }
  return result;
}

describe('checkWorkspace: the same outcomes as indexing every file, then analysing each', () => {
  let summarisedTwice = 0;
  for (const reversed of [false, true]) {
    for (const fixture of [...STYLE_FIXTURES, ...FRAMEWORK_FIXTURES]) {
      it(`${fixture.title}${reversed ? ' (files in reverse order)' : ''}`, () => {
        const { project, sources, manifests } = workspaceOf(fixture, reversed);
        const summarised = new Map<string, number>();
        const outcomes = checkWorkspace(
          project(),
          sources,
          settings,
          (result, fileName) => {
            summarised.set(fileName, (summarised.get(fileName) ?? 0) + 1);
            return result.findings.map((f) => `${f.check}@${f.start}-${f.end}:${f.message}`).join('\n');
          },
          manifests,
        );
        const streamed = new Map(
          [...outcomes].map(([fileName, outcome]) => [
            fileName,
            outcome.kind === 'analysed' ? outcome.value : outcome.kind === 'skipped' ? `skipped ${outcome.reason}` : '',
          ]),
        );
        assert.deepEqual(streamed, twoPasses(fixture, reversed));
        summarisedTwice += [...summarised.values()].filter((count) => count > 1).length;
      });
    }
  }
  it('analyses again the files whose scan a later file changed (the fixtures exercise that path)', () => {
    assert.ok(summarisedTwice > 0, 'no file was analysed twice: the re-parse path was not exercised');
  });
});
