/**
 * Fix-all on the mistaken twin of the orders example must produce code that still parses, type-checks
 * against the SDK's real types exactly as well as before (no new type errors), and leaves no finding of a
 * check that offers an automatic fix. Runs once per envelope style, since each style writes other code.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { ENVELOPE_STYLES, type EnvelopeStyle } from '../../shared/src/envelopeStyle';
import { fixAll, syntaxErrorCount } from '../../engine/src/fixes/fixApplier';
import { Project } from '../../engine/src/discovery/project';
import type { EngineSettings, Finding } from '../../engine/src/types';
import { CHECKS } from '../../engine/src/checks';
import { DEFAULT_SETTINGS, engineSettings } from '../../engine/src/settings';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const EXAMPLE_DIR = path.join(REPO_ROOT, 'examples/orders-server');
const SOURCE_DIR = path.join(EXAMPLE_DIR, 'src');
const MISTAKEN_FILES = ['mistaken.ts', 'lowLevel.ts', 'mistakes/errorHandler.ts', 'mistakes/refundStatus.ts'].map(
  (file) => path.join(SOURCE_DIR, file),
);

/** Checks that offer no fix at all (meta `fixable: false`): their findings may remain after fix-all. */
const UNFIXABLE_CHECKS: readonly string[] = CHECKS.filter((check) => !check.meta.fixable).map((check) => check.meta.id);

/**
 * Whether fix-all could have removed the finding: its check offers fixes and this finding has a preferred
 * one. Some fixable checks only suggest (a generic message needs words only a person can write), so
 * their findings have no preferred fix and may remain as well.
 */
function hasAutomaticFix(finding: Finding): boolean {
  return !UNFIXABLE_CHECKS.includes(finding.check) && finding.computeFixes().some((fix) => fix.preferred);
}

function relative(fileName: string): string {
  return path.relative(SOURCE_DIR, fileName);
}

/** The example's own compiler options (strict, nodenext), without emitting. */
function exampleConfig(): { options: ts.CompilerOptions; rootNames: string[] } {
  const configPath = path.join(EXAMPLE_DIR, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  assert.equal(read.error, undefined, 'examples/orders-server/tsconfig.json should parse');
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, EXAMPLE_DIR, undefined, configPath);
  assert.deepEqual(parsed.errors, [], 'examples/orders-server/tsconfig.json should be valid');
  return { options: { ...parsed.options, noEmit: true }, rootNames: parsed.fileNames };
}

/**
 * Type errors of the example program with some files' texts replaced, as position-free strings
 * (`file: TS1234 message`) so that the lists before and after fixes compare even though lines move.
 */
function typeErrors(
  texts: ReadonlyMap<string, string>,
  oldProgram?: ts.Program,
): { errors: string[]; program: ts.Program } {
  const { options, rootNames } = exampleConfig();
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
    const text = texts.get(path.resolve(fileName));
    return text === undefined
      ? getSourceFile(fileName, languageVersion, onError, shouldCreate)
      : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  const readFile = host.readFile.bind(host);
  host.readFile = (fileName) => texts.get(path.resolve(fileName)) ?? readFile(fileName);
  // Files the fixes create (the tool-errors helper) exist only in `texts`.
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => texts.has(path.resolve(fileName)) || fileExists(fileName);
  const program = ts.createProgram({ rootNames, options, host, oldProgram });
  const errors = ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
    .map((diagnostic) => {
      const where = diagnostic.file ? relative(diagnostic.file.fileName) : '(program)';
      return `${where}: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    })
    .sort();
  return { errors, program };
}

/** Entries of `after` that `before` does not have (as multisets). */
function newEntries(before: readonly string[], after: readonly string[]): string[] {
  const remaining = [...before];
  return after.filter((entry) => {
    const index = remaining.indexOf(entry);
    if (index === -1) return true;
    remaining.splice(index, 1);
    return false;
  });
}

function findingsOf(project: Project, fileName: string, text: string, settings: EngineSettings): readonly Finding[] {
  const analysis = project.analyse(fileName, text, settings);
  return analysis.kind === 'analysed' ? analysis.result.findings : [];
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

interface FixOutcome {
  originals: Map<string, string>;
  fixed: Map<string, string>;
  /** Files the applied fixes rely on and check --fix would create (absolute path → text). */
  created: Map<string, string>;
  applied: Map<string, string[]>;
  remaining: string[];
  remainingFixable: string[];
  /** Checks with findings left that have no automatic fix. */
  allowed: string[];
}

/** Runs fix-all on every mistaken file (as one project), then re-checks the fixed files. */
function fixMistakenTwin(settings: EngineSettings): FixOutcome {
  const originals = new Map(MISTAKEN_FILES.map((file) => [file, fs.readFileSync(file, 'utf8')]));
  const project = new Project();
  for (const [file, text] of originals) project.indexText(file, text, settings);
  const fixed = new Map<string, string>();
  const applied = new Map<string, string[]>();
  const created = new Map<string, string>();
  for (const [file, text] of originals) {
    const result = fixAll(file, text, (current) => findingsOf(project, file, current, settings));
    fixed.set(file, result.text);
    applied.set(file, result.applied);
    for (const needed of result.createFiles) {
      const target = path.resolve(path.dirname(file), needed.path);
      if (!fs.existsSync(target) && !created.has(target)) created.set(target, needed.text);
    }
  }
  const recheck = new Project();
  for (const [file, text] of fixed) recheck.indexText(file, text, settings);
  const remaining: string[] = [];
  const remainingFixable: string[] = [];
  const allowed = new Set<string>();
  for (const [file, text] of fixed) {
    for (const finding of findingsOf(recheck, file, text, settings)) {
      const line = `${relative(file)}:${lineOf(text, finding.start)} ${finding.check}: ${finding.message}`;
      remaining.push(line);
      if (hasAutomaticFix(finding)) remainingFixable.push(line);
      else allowed.add(finding.check);
    }
  }
  return { originals, fixed, created, applied, remaining, remainingFixable, allowed: [...allowed].sort() };
}

const baseline = typeErrors(new Map());

void describe('fix-all on the mistaken orders example', () => {
  void it('the mistaken twin type-checks against the SDK before any fix', () => {
    assert.deepEqual(baseline.errors, []);
  });

  for (const style of ENVELOPE_STYLES) {
    void describe(`envelope style ${style}`, () => {
      const settings: EngineSettings = { ...engineSettings(DEFAULT_SETTINGS), envelopeStyle: style as EnvelopeStyle };
      const outcome = fixMistakenTwin(settings);

      void it('applies fixes to mistaken.ts', (t) => {
        for (const [file, titles] of outcome.applied) {
          for (const title of titles) t.diagnostic(`${relative(file)}: ${title}`);
        }
        assert.ok((outcome.applied.get(MISTAKEN_FILES[0]) ?? []).length > 0, 'fix-all changed nothing in mistaken.ts');
      });

      for (const file of MISTAKEN_FILES) {
        void it(`${relative(file)} still parses`, () => {
          assert.equal(syntaxErrorCount(file, outcome.fixed.get(file) ?? ''), 0);
        });
      }

      void it('creates the tool-errors helper once, at src/toolErrors.ts, and the fixed files import it', () => {
        assert.deepEqual([...outcome.created.keys()].map(relative), ['toolErrors.ts']);
        const importers = [...outcome.fixed].filter(([, text]) =>
          /from '\.{1,2}\/(?:\.\.\/)*toolErrors\.js'/.test(text),
        );
        assert.ok(importers.length > 0, 'no fixed file imports the helper');
      });

      void it('introduces no new type errors (the created helper included)', () => {
        const after = typeErrors(new Map([...outcome.fixed, ...outcome.created]), baseline.program);
        assert.deepEqual(newEntries(baseline.errors, after.errors), [], 'type errors the fixes introduced');
      });

      if (style === 'recommended') {
        void it("keeps the category a thrown error implies: get_order's 'not found' throw becomes NOT_FOUND", () => {
          const text = outcome.fixed.get(MISTAKEN_FILES[0]) ?? '';
          const getOrder = text.slice(text.indexOf("'get_order'"), text.indexOf("'list_customer_orders'"));
          assert.match(getOrder, /errorCategory: 'NOT_FOUND'/);
          assert.doesNotMatch(getOrder, /\bthrow\s+new\b/);
        });
      }

      void it('leaves no finding of a check that has an automatic fix', (t) => {
        t.diagnostic(`checks with fixable: false: ${UNFIXABLE_CHECKS.join(', ') || '(none)'}`);
        t.diagnostic(`checks left with findings that have no automatic fix: ${outcome.allowed.join(', ') || '(none)'}`);
        for (const line of outcome.remaining) t.diagnostic(`remaining: ${line}`);
        assert.deepEqual(outcome.remainingFixable, [], 'findings of fixable checks left after fix-all');
      });
    });
  }
});
