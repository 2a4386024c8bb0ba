/**
 * The probe engine: sends seeded, deterministic wrong calls to every safe tool of a live MCP server and grades how
 * each failure is reported. The CLI (server/src/cli/probe.ts) and the extension's probe session both use this API.
 */
export type { ProbeTarget } from './connection';
export { fixturesText, parseFixtures, readFixtures, type Fixtures } from './fixtures';
export { formatProbe, formatProbePretty, formatProbeSarif, type ProbeFormat } from './format';
export { DEFAULT_SEED, DEFAULT_TIMEOUT_MS, safetyReason, toProbeJson } from '../../shared/src/probeReport';
export { GENERIC_SCRIPT_NAMES, defaultLabel } from '../../shared/src/serverTarget';
export { planTool, planUnknownTool, type Expectation, type PlannedCall, type ToolPlan } from './generator';
export { gradeAnswer, gradeServer, gradeTool, type GradedCall, type ProbeAnswer } from './grader';
export { PARTIAL_CREDIT, RUBRIC, RUBRIC_TOTAL, WHOLE_ANSWER, type Criterion, type RubricRow } from './rubric';
export { listServerTools, runProbe, scaffoldFixtures, type ProbeOptions, type ProbeProgress } from './runner';
export { probeEnvironment } from './serverProcess';
