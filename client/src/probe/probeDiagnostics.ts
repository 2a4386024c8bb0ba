/**
 * A probe report as diagnostics on the workspace's tool handlers: every tool graded below FAILING_GRADE_BELOW
 * whose name the workspace registers gets one diagnostic on each of its handlers (or registration lines). Its code
 * is the worst finding of the worst call (preferring answers the handler itself gave), and its message names the
 * mistake sent and what came back. Pure: no `vscode`; the extension turns these into vscode.Diagnostics.
 */
import type { ProbeCall, ProbeReport, ProbeToolReport } from '../../../shared/src/probeReport';
import { answeredByHandler, describeAnswer, handlerLine, type ToolRegistration } from './confirmation';
import { findingWeight, worstCall } from './probeSession';

/** A tool is failed when its grade is below this: anything short of full marks. */
export const FAILING_GRADE_BELOW = 100;
/** At or above this grade a failed tool's diagnostic is information; below it a warning. */
export const WARNING_GRADE_BELOW = 50;

/** The code of a failed tool whose worst call carries no finding. */
export const LOW_GRADE_CODE = 'probe-low-grade';

export interface ProbeDiagnostic {
  uri: string;
  /** 0-based line of the handler function (when separate from the registration) or of the registration. */
  line: number;
  tool: string;
  /** The probe finding / check id. */
  code: string;
  severity: 'warning' | 'information';
  message: string;
  grade: number;
}

const MAX_ARGUMENTS = 120;

function compactArguments(args: Record<string, unknown>): string {
  let text: string;
  try {
    text = JSON.stringify(args);
  } catch {
    text = String(args);
  }
  return text.length > MAX_ARGUMENTS ? `${text.slice(0, MAX_ARGUMENTS - 1)}…` : text;
}

/** The heaviest finding of a call, or undefined when it has none. */
export function worstFinding(call: ProbeCall): string | undefined {
  let worst: string | undefined;
  for (const finding of call.findings) {
    if (worst === undefined || findingWeight(finding.check) > findingWeight(worst)) worst = finding.check;
  }
  return worst;
}

/** The message of a failed tool's diagnostic: grade, the mistake sent, what came back, the findings. */
export function diagnosticMessage(tool: ProbeToolReport, call: ProbeCall, server: string): string {
  const findings = [...new Set(call.findings.map((finding) => finding.check))];
  return (
    `Probe of "${server}": ${tool.name} graded ${tool.grade ?? '?'}/100. ` +
    `Sent ${call.mistake} ${compactArguments(call.arguments)} → got ${describeAnswer(call)}` +
    `${findings.length > 0 ? ` [${findings.join(', ')}]` : ''}.`
  );
}

/**
 * One diagnostic per registration of every failed tool, whatever its registration style (SDK call, wrapper,
 * definition, class, dispatcher branch, handler factory, `@mcpToolHandler`): on its handler function when the
 * language server knows it as a function of its own, else on the registration line (an inline handler is part
 * of it); never twice on the same line.
 */
export function probeDiagnostics(
  report: ProbeReport,
  registrations: readonly ToolRegistration[],
  failingBelow = FAILING_GRADE_BELOW,
): ProbeDiagnostic[] {
  const diagnostics: ProbeDiagnostic[] = [];
  for (const tool of report.tools) {
    if (tool.grade === null || tool.grade >= failingBelow) continue;
    const call = worstCall(tool, answeredByHandler);
    if (!call) continue;
    const code = worstFinding(call) ?? LOW_GRADE_CODE;
    const message = diagnosticMessage(tool, call, report.server);
    const placed = new Set<string>();
    for (const registration of registrations) {
      if (registration.name !== tool.name || registration.line < 1) continue;
      const line = handlerLine(registration) - 1;
      const key = `${registration.uri}\u0000${line}`;
      if (placed.has(key)) continue;
      placed.add(key);
      diagnostics.push({
        uri: registration.uri,
        line,
        tool: tool.name,
        code,
        severity: tool.grade < WARNING_GRADE_BELOW ? 'warning' : 'information',
        message,
        grade: tool.grade,
      });
    }
  }
  return diagnostics;
}
