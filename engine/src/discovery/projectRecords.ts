/**
 * What a Project records about files, as plain comparable data: signatures of what a scan depends on, and what an
 * early analysis (see Project.analyseEarly) depends on.
 */
import type { AnalysisResult } from '../engine';
import type ts from 'typescript';
import type { ExternalHandlerRef, ExternalInfo, FileFacts, HandlerScan } from './handlers';
import { externalExportKey } from './memberHandlers';

/** The checks' result on a file analysed as soon as it was indexed, with what it depends on (see Project.analyseEarly). */
export interface EarlyAnalysis extends EarlyDepends {
  result: AnalysisResult;
}

/** What an early analysis depends on besides the file's text: its scan, and where calls into other files led. */
export interface EarlyDepends {
  generation: number;
  imports: Array<{ specifier: string; exportName: string; fromFile: string; target: string | undefined }>;
}

/** A file's last scan, with what it looked up, to reuse it while those answers hold. */
export interface CachedScan {
  /** The parse scanned; dropped by `release` (the scan's facts stay), parsed again when a caller needs it. */
  sourceFile?: ts.SourceFile;
  text: string;
  /** What the scan looked up in the project's knowledge, with what it found. */
  looked: ReadonlyMap<string, string>;
  factories: string;
  /** The cross-file registrations of the file when it was scanned. */
  external: string;
  /** Files whose exports the scan read, with their stamps then. */
  reads: Map<string, number>;
  /** Dropped with the parse by `release`. */
  scan?: HandlerScan;
  /** Which scan of the file this is (each scan gets a new one). */
  generation: number;
  /** The file has tools or handlers. */
  toolCode: boolean;
  /** Another file's checks read this parse (calls followed into it): `release` keeps it. */
  pinned?: boolean;
}

export type EarlyReuse = 'same' | 'not-mcp' | 'recheck' | 'rescan';

/** The cross-file registrations of a file's exports, as one comparable string. */
export function externalSignature(externalExports: ReadonlyMap<string, ExternalInfo>): string {
  return [...externalExports]
    .map(
      ([name, ref]) =>
        `${name}#${ref.kind}#${ref.role ?? ''}#${ref.namePattern?.prefix ?? ''}|${ref.namePattern?.suffix ?? ''}#${ref.member ?? ''}#${ref.guarded ? 'g' : ''}`,
    )
    .join('|');
}

/** What of a file's facts the files importing it depend on (constants, re-exports, exported names). */
export function exportsSignature(facts: FileFacts | undefined): string {
  if (!facts) return '';
  const reexports = facts.reexports.map((r) => `${r.exportName}<${r.specifier}#${r.importedName}`);
  return [JSON.stringify([...facts.constants]), reexports.join('|'), [...facts.declared].join('|')].join('\n');
}

/**
 * The exports of `target` that files register as tool handlers (`registered`: each registering file's references),
 * each reference followed through re-exports by `defining` to the file that defines it. An export is guarded only
 * when every file that reaches it does so through an answering try.
 */
export function exportsRegisteredElsewhere(
  target: string,
  registered: Iterable<readonly ExternalHandlerRef[]>,
  defining: (ref: ExternalHandlerRef) => { fileName: string; exportName: string },
): Map<string, ExternalInfo> {
  const result = new Map<string, ExternalInfo>();
  for (const refs of registered) {
    for (const registeredRef of refs) {
      const ref = { ...registeredRef, ...defining(registeredRef) };
      if (ref.fileName !== target) continue;
      const key = externalExportKey(ref);
      const previous = result.get(key);
      const guarded = ref.guarded === true && (previous === undefined || previous.guarded === true);
      result.set(key, {
        kind: ref.kind,
        toolName: ref.toolName,
        role: ref.role,
        namePattern: ref.namePattern,
        executorMethod: ref.executorMethod,
        member: ref.member,
        nameKey: ref.nameKey,
        evidence: ref.evidence,
        guarded,
        guardedBy: guarded ? (ref.guardedBy ?? previous?.guardedBy) : undefined,
      });
    }
  }
  return result;
}
