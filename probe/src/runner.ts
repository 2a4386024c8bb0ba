/**
 * Runs a probe: connects to the server, lists its tools, skips the ones that are not safe to call without the
 * user's opt-in, sends each tool's planned wrong calls one at a time with a time limit, grades every answer, and
 * restarts the server for the next tool when one hangs or crashes. The result is the shared ProbeReport.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { CallFinding, DecodedCall } from '../../shared/src/decodedCall';
import { nextActionFor, nextActionForResult } from '../../shared/src/decoder';
import {
  DEFAULT_SEED,
  DEFAULT_TIMEOUT_MS,
  safetyReason,
  type ProbeCall,
  type ProbeReport,
  type ProbeToolReport,
} from '../../shared/src/probeReport';
import { defaultLabel } from '../../shared/src/serverTarget';
import { ProbeConnection, type CallOutcome, type ProbeTarget } from './connection';
import { planTool, planUnknownTool, type PlannedCall, type ToolPlan } from './generator';
import { gradeAnswer, gradeServer, gradeTool } from './grader';
import type { JsonSchema } from './schema';

export interface ProbeProgress {
  /** The tool whose call just finished. */
  tool: string;
  done: number;
  total: number;
}

export interface ProbeOptions {
  target: ProbeTarget;
  /** The server's name in the report; by default the script or package the command runs, or the URL's host. */
  label?: string;
  /** Seeds the wrong calls (default 1): the same seed sends the same calls. */
  seed?: number;
  /** Time limit per call, in ms (default 5000). */
  timeoutMs?: number;
  /** Time limit for starting the server, the handshake and listing tools (default: the larger of 15 s and timeoutMs). */
  connectTimeoutMs?: number;
  /** The user's opt-in for tools that are destructive or not annotated read-only; by default none. */
  allow?: (toolName: string) => boolean;
  /** Known-good arguments per tool: the baseline of its wrong calls, and the `fixture` mistake. */
  fixtures?: Record<string, Record<string, unknown>>;
  signal?: AbortSignal;
  onProgress?: (progress: ProbeProgress) => void;
  clientVersion?: string;
}

/** Starting a server (`npx` may install it first) takes longer than answering a call. */
export function connectTimeoutFor(timeoutMs: number): number {
  return Math.max(15_000, timeoutMs);
}

/** One open session at a time; reopened after a hang or a crash. */
class Session {
  private connection: ProbeConnection | undefined;
  needsRestart = false;

  constructor(private readonly options: ProbeOptions & { connectTimeoutMs: number }) {}

  async open(): Promise<ProbeConnection> {
    if (this.connection && !this.needsRestart && !this.connection.isClosed) return this.connection;
    await this.close();
    this.connection = await ProbeConnection.open(
      this.options.target,
      this.options.connectTimeoutMs,
      this.options.clientVersion,
    );
    this.needsRestart = false;
    return this.connection;
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = undefined;
    await connection?.close();
  }
}

interface Runner {
  session: Session;
  options: ProbeOptions & { timeoutMs: number; connectTimeoutMs: number; seed: number };
  secrets: string[];
  server: string;
  done: number;
  total: number;
  nextId: number;
}

function decodedCall(runner: Runner, call: PlannedCall, result: CallOutcome, startedAt: string): DecodedCall {
  const { answer } = result;
  const decoded = answer.kind === 'result' ? answer.decoded : undefined;
  return {
    id: runner.nextId++,
    server: runner.server,
    tool: call.tool,
    arguments: call.arguments,
    startedAt,
    durationMs: result.durationMs,
    outcome: decoded?.outcome ?? 'protocol-error',
    category: decoded?.category ?? null,
    retryable: decoded?.retryable ?? null,
    message: decoded?.message ?? null,
    encoding: decoded?.encoding ?? 'none',
    nextAction: decoded
      ? nextActionForResult(decoded)
      : nextActionFor({ outcome: 'protocol-error', category: null, retryable: null, hasPartialResults: false }),
    findings: decoded?.findings ?? [],
    request: { method: 'tools/call', params: { name: call.tool, arguments: call.arguments } },
    ...(result.raw !== undefined && { response: result.raw }),
  };
}

function probeCall(
  runner: Runner,
  call: PlannedCall,
  result: CallOutcome,
  startedAt: string,
): { call: ProbeCall; score: number } {
  const graded = gradeAnswer(call, result.answer, runner.secrets);
  const decoded = decodedCall(runner, call, result, startedAt);
  decoded.findings = graded.findings;
  const probe: ProbeCall = {
    mistake: call.mistake,
    arguments: call.arguments,
    outcome: graded.outcome,
    category: graded.category,
    retryable: graded.retryable,
    message: graded.message,
    findings: graded.findings,
    verdict: `${call.description}. ${graded.verdict}`,
    decoded,
  };
  return { call: probe, score: graded.score };
}

/** Sends one call, or reports why it could not be sent; marks the session for a restart after a hang or crash. */
async function send(runner: Runner, tool: string, args: Record<string, unknown>): Promise<CallOutcome> {
  const { session, options } = runner;
  options.signal?.throwIfAborted();
  let connection: ProbeConnection;
  try {
    connection = await session.open();
  } catch (error) {
    options.signal?.throwIfAborted();
    const detail = `the server could not be restarted: ${error instanceof Error ? error.message : String(error)}`;
    return { answer: { kind: 'crashed', detail }, raw: undefined, durationMs: 0 };
  }
  const result = await connection.call(tool, args, options.timeoutMs, options.signal);
  if (result.answer.kind === 'timeout' || result.answer.kind === 'crashed') session.needsRestart = true;
  return result;
}

function progress(runner: Runner, tool: string): void {
  runner.done++;
  runner.options.onProgress?.({ tool, done: runner.done, total: runner.total });
}

async function runTool(runner: Runner, plan: ToolPlan): Promise<ProbeToolReport> {
  let controlFinding: CallFinding | undefined;
  let stoppedBy: 'timeout' | 'server-crashed' | undefined;
  if (plan.control) {
    const result = await send(runner, plan.tool, plan.control);
    progress(runner, plan.tool);
    const { answer } = result;
    const worked =
      answer.kind === 'result' && (answer.decoded.outcome === 'success' || answer.decoded.outcome === 'empty');
    if (!worked) {
      const what =
        answer.kind === 'result'
          ? `${answer.decoded.outcome}${answer.decoded.message !== null ? `: ${answer.decoded.message.slice(0, 200)}` : ''}`
          : answer.kind;
      controlFinding = {
        check: 'fixture-control-failed',
        message: `The fixture's own arguments did not succeed (${what}), so the fixture may not be a valid call.`,
      };
    }
  }
  const calls: ProbeCall[] = [];
  const scores: number[] = [];
  for (const call of plan.calls) {
    const startedAt = new Date().toISOString();
    let result: CallOutcome;
    if (stoppedBy !== undefined) {
      result = { answer: { kind: 'not-sent', because: stoppedBy }, raw: undefined, durationMs: 0 };
    } else {
      result = await send(runner, plan.tool, call.arguments);
      if (result.answer.kind === 'timeout') stoppedBy = 'timeout';
      if (result.answer.kind === 'crashed') stoppedBy = 'server-crashed';
    }
    const graded = probeCall(runner, call, result, startedAt);
    calls.push(graded.call);
    scores.push(graded.score);
    progress(runner, plan.tool);
  }
  if (controlFinding) (calls.find((call) => call.mistake === 'fixture') ?? calls[0])?.findings.push(controlFinding);
  if (calls.length === 0) {
    return { name: plan.tool, grade: null, skipped: 'no wrong call applies to its input schema', calls };
  }
  return { name: plan.tool, grade: gradeTool(scores), skipped: null, calls };
}

/** Probes every tool of a server; rejects only when it cannot connect or list tools, or when aborted. */
export async function runProbe(options: ProbeOptions): Promise<ProbeReport> {
  const resolved = {
    ...options,
    seed: options.seed ?? DEFAULT_SEED,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    connectTimeoutMs: options.connectTimeoutMs ?? connectTimeoutFor(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  };
  const session = new Session(resolved);
  const runner: Runner = {
    session,
    options: resolved,
    secrets: options.target.kind === 'stdio' ? Object.values(options.target.env ?? {}) : [],
    server: options.label ?? defaultLabel(options.target),
    done: 0,
    total: 0,
    nextId: 1,
  };
  try {
    options.signal?.throwIfAborted();
    const connection = await session.open();
    const tools = await connection.listTools(resolved.connectTimeoutMs, options.signal);
    const entries: Array<ProbeToolReport | ToolPlan> = tools.map((tool) => {
      const skipped = options.allow?.(tool.name) ? null : safetyReason(tool);
      if (skipped !== null) return { name: tool.name, grade: null, skipped, calls: [] };
      const schema = tool.inputSchema as JsonSchema;
      return planTool({ name: tool.name, inputSchema: schema }, resolved.seed, options.fixtures?.[tool.name]);
    });
    const unknown = planUnknownTool(
      tools.map((tool) => tool.name),
      resolved.seed,
    );
    runner.total =
      1 + entries.reduce((sum, entry) => sum + ('tool' in entry ? entry.calls.length + (entry.control ? 1 : 0) : 0), 0);
    const reports: ProbeToolReport[] = [];
    for (const entry of entries) reports.push('tool' in entry ? await runTool(runner, entry) : entry);
    const unknownStarted = new Date().toISOString();
    const unknownCall = probeCall(runner, unknown, await send(runner, unknown.tool, unknown.arguments), unknownStarted);
    progress(runner, unknown.tool);
    reports.push({ name: unknown.tool, grade: unknownCall.score, skipped: null, calls: [unknownCall.call] });
    return {
      server: runner.server,
      seed: resolved.seed,
      tools: reports,
      grade: gradeServer(reports.map((report) => report.grade)),
    };
  } finally {
    await session.close();
  }
}

/** The schema baseline of every tool a server lists, for `--scaffold-fixtures` (no tool is called). */
export async function scaffoldFixtures(
  target: ProbeTarget,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<Record<string, Record<string, unknown>>> {
  const connection = await ProbeConnection.open(target, connectTimeoutFor(timeoutMs));
  try {
    const tools = await connection.listTools(connectTimeoutFor(timeoutMs));
    const fixtures: Record<string, Record<string, unknown>> = {};
    for (const tool of tools)
      fixtures[tool.name] = planTool(
        { name: tool.name, inputSchema: tool.inputSchema as JsonSchema },
        DEFAULT_SEED,
      ).baseline;
    return fixtures;
  } finally {
    await connection.close();
  }
}

/** The tools a server lists, with what the probe needs to decide which it may call (no tool is called). */
export async function listServerTools(
  target: ProbeTarget,
  timeoutMs = DEFAULT_TIMEOUT_MS,
  clientVersion = '0.0.0',
  signal?: AbortSignal,
): Promise<Tool[]> {
  const connection = await ProbeConnection.open(target, connectTimeoutFor(timeoutMs), clientVersion);
  try {
    return await connection.listTools(connectTimeoutFor(timeoutMs), signal);
  } finally {
    await connection.close();
  }
}
