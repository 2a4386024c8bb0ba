/**
 * What to probe, as the engine's target and the label its report carries: from a discovered host entry, a typed
 * command line, or a typed URL. Pure: no `vscode`.
 */
import { defaultLabel, type ProbeTarget } from '../../../shared/src/serverTarget';
import type { DirectTarget } from '../tapping/directCall';
import { splitCommandLine } from '../tapping/entryTargets';

export interface ProbeChoice {
  label: string;
  target: ProbeTarget;
}

/** The engine's target for a discovered (or typed) server. */
export function probeTargetOf(target: DirectTarget): ProbeTarget {
  if (target.kind === 'http')
    return { kind: 'http', url: target.url, ...(target.headers && { headers: target.headers }) };
  return {
    kind: 'stdio',
    command: target.command,
    args: target.args,
    ...(target.env && { env: target.env }),
    ...(target.cwd !== undefined && { cwd: target.cwd }),
  };
}

/** A command line typed by the user, run in `cwd`; labelled like the CLI labels it (the script's name). */
export function commandChoice(line: string, cwd: string | undefined): ProbeChoice | undefined {
  const [command, ...args] = splitCommandLine(line);
  if (command === undefined) return undefined;
  const target: ProbeTarget = { kind: 'stdio', command, args, ...(cwd !== undefined && { cwd }) };
  return { label: defaultLabel(target), target };
}

/** An http(s) URL typed by the user, labelled like the CLI labels it (host and path). */
export function urlChoice(url: string): ProbeChoice | undefined {
  try {
    const parsed = new URL(url);
    if (!/^https?:$/.test(parsed.protocol)) return undefined;
    const target: ProbeTarget = { kind: 'http', url };
    return { label: defaultLabel(target), target };
  } catch {
    return undefined;
  }
}
