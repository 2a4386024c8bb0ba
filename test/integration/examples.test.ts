/**
 * The orders example is the product's own demonstration: every registered check must fire on the mistaken
 * twin, at the line where the example marks the mistake (`// mistake: <check-id>`), and the corrected twin
 * must be clean. Files are analysed as one project, so the handler that mistaken.ts imports from
 * mistakes/refundStatus.ts is checked as a handler.
 */
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { Project } from '../../engine/src/discovery/project';
import type { Finding } from '../../engine/src/types';
import { CHECK_IDS, isCheckId } from '../../engine/src/checks';
import { DEFAULT_SETTINGS, engineSettings } from '../../engine/src/settings';
import { DESIGN_CHECK_IDS } from '../designCheckIds';

const REPO_ROOT = path.resolve(__dirname, '../../..');
const SOURCE_DIR = path.join(REPO_ROOT, 'examples/orders-server/src');

const MISTAKEN_FILES = ['mistaken.ts', 'lowLevel.ts', 'mistakes/errorHandler.ts', 'mistakes/refundStatus.ts'];
const CORRECTED_FILES = ['corrected.ts', 'corrected/lowLevel.ts', 'corrected/refundStatus.ts', 'store.ts'];

interface LocatedFinding {
  file: string;
  /** 1-based */
  line: number;
  endLine: number;
  check: string;
  message: string;
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

interface TwinAnalysis {
  findings: LocatedFinding[];
  /** `file → tool name` (or `*` for a tools/call dispatcher) of every handler the engine found. */
  handlers: string[];
}

/** Indexes then analyses the files as one project with default settings. */
function analyseTwin(relativeFiles: readonly string[]): TwinAnalysis {
  const settings = engineSettings(DEFAULT_SETTINGS);
  const project = new Project();
  const texts = new Map(relativeFiles.map((file) => [file, fs.readFileSync(path.join(SOURCE_DIR, file), 'utf8')]));
  for (const [file, text] of texts) project.indexText(path.join(SOURCE_DIR, file), text, settings);
  const findings: LocatedFinding[] = [];
  const handlers: string[] = [];
  for (const [file, text] of texts) {
    const analysis = project.analyse(path.join(SOURCE_DIR, file), text, settings);
    if (analysis.kind === 'skipped') {
      assert.equal(analysis.reason, 'not-mcp', `${file} was skipped: ${analysis.reason} ${analysis.detail ?? ''}`);
      continue;
    }
    handlers.push(...analysis.result.scan.handlers.map((handler) => `${file} → ${handler.toolName ?? '*'}`));
    findings.push(
      ...analysis.result.findings.map((finding: Finding) => ({
        file,
        line: lineOf(text, finding.start),
        endLine: lineOf(text, finding.end),
        check: finding.check,
        message: finding.message,
      })),
    );
  }
  return { findings, handlers: handlers.sort() };
}

interface Marker {
  file: string;
  line: number;
  check: string;
}

/** `// mistake: <check-id>` comments in the mistaken files. */
function markers(): Marker[] {
  const result: Marker[] = [];
  for (const file of MISTAKEN_FILES) {
    const lines = fs.readFileSync(path.join(SOURCE_DIR, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      for (const match of text.matchAll(/\/\/ mistake: ([a-z-]+)/g))
        result.push({ file, line: index + 1, check: match[1] });
    });
  }
  return result;
}

/**
 * A marker stands at the end of the line the check squiggles, or (where the formatter moves it) alone on
 * the line after a block opener the check squiggles — so a finding counts when it spans the marker's line
 * or the line just above it.
 */
function explains(marker: Marker, finding: LocatedFinding): boolean {
  return finding.check === marker.check && isAtMarker(marker, finding);
}

function isAtMarker(marker: Marker, finding: LocatedFinding): boolean {
  return finding.file === marker.file && finding.line <= marker.line && finding.endLine >= marker.line - 1;
}

function describeFindings(findings: readonly LocatedFinding[]): string {
  return findings.map((f) => `${f.file}:${f.line} ${f.check}: ${f.message}`).join('\n');
}

void describe('examples/orders-server', () => {
  const mistakenTwin = analyseTwin(MISTAKEN_FILES);
  const correctedTwin = analyseTwin(CORRECTED_FILES);
  const mistaken = mistakenTwin.findings;
  const corrected = correctedTwin.findings;
  const allMarkers = markers();

  void it('marks each check of the design table exactly once, and nothing else', (t) => {
    // Some mistakes naturally trip more than one check (an envelope without a category has no
    // isRetryable either); list those findings for whoever reads the test output.
    const unmarked = mistaken.filter((finding) => !allMarkers.some((marker) => explains(marker, finding)));
    for (const finding of unmarked) t.diagnostic(`also found: ${describeFindings([finding])}`);
    assert.deepEqual(
      allMarkers.map((marker) => marker.check).sort(),
      [...DESIGN_CHECK_IDS].sort(),
      'the mistaken twin should demonstrate each design check once',
    );
  });

  void it('registers only checks from the design table (so the example can demonstrate them)', () => {
    assert.deepEqual(
      CHECK_IDS.filter((id) => !DESIGN_CHECK_IDS.includes(id)),
      [],
    );
  });

  void describe('every registered check fires on the mistaken twin where it is marked', () => {
    for (const marker of allMarkers) {
      const registered = isCheckId(marker.check);
      void it(
        `${marker.check} at ${marker.file}:${marker.line}`,
        { skip: registered ? false : 'check not registered yet' },
        () => {
          const sameCheck = mistaken.filter((finding) => finding.check === marker.check);
          assert.ok(
            sameCheck.some((finding) => explains(marker, finding)),
            `expected ${marker.check} at ${marker.file}:${marker.line}; its findings were:\n${describeFindings(sameCheck) || '(none)'}`,
          );
        },
      );
    }
  });

  void it('reports nothing on the mistaken twin away from a marked mistake', () => {
    // A mistake may trip a second check at the same place (an envelope without a category usually has
    // no isRetryable either), but a finding on a line no marker points at is a false positive.
    const astray = mistaken.filter((finding) => !allMarkers.some((marker) => isAtMarker(marker, finding)));
    assert.equal(describeFindings(astray), '', 'findings away from every marked mistake');
  });

  void it('finds every tool handler of both twins, including the ones registered from another file', () => {
    assert.deepEqual(mistakenTwin.handlers, [
      'lowLevel.ts → *',
      'mistaken.ts → cancel_order',
      'mistaken.ts → get_order',
      'mistaken.ts → issue_refund',
      'mistaken.ts → list_customer_orders',
      'mistakes/refundStatus.ts → get_refund_status',
    ]);
    assert.deepEqual(correctedTwin.handlers, [
      'corrected.ts → cancel_order',
      'corrected.ts → get_order',
      'corrected.ts → issue_refund',
      'corrected.ts → list_customer_orders',
      'corrected/lowLevel.ts → *',
      'corrected/refundStatus.ts → get_refund_status',
    ]);
  });

  void it('reports no finding on the corrected twin', () => {
    assert.equal(describeFindings(corrected), '', 'the corrected twin should be clean');
  });
});
