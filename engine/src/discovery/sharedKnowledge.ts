/**
 * What files of a project tell each other's scans — wrappers, tool base classes, classes, guarding wrappers,
 * guarded definition keys and renamers — merged over the files that bring any, with a record of what one scan
 * looked up so that its result can be reused while those answers stay the same.
 */
import type { FileFacts } from './handlers';
import type { ClassFact, Renamer, ToolBaseClass, WrapperSignature } from './scanContext';

interface AggregatedFacts {
  wrappers: Map<string, WrapperSignature>;
  toolBases: Map<string, ToolBaseClass>;
  classes: Map<string, ClassFact>;
  guarding: Set<string>;
  guardedKeys: Set<string>;
  renamers: Map<string, Renamer>;
  recordShapes: Set<string>;
}

export class SharedKnowledge {
  private aggregated?: AggregatedFacts;
  /** Files whose facts other files may look up (wrappers, base classes, classes, guarding wrappers). */
  private readonly knowledgeFiles = new Set<string>();
  /** Knowledge looked up by the scan under way. */
  private looked?: Map<string, string>;

  /** `facts`: every scanned file's facts, by normalised path (owned by the project, read here). */
  constructor(private readonly facts: ReadonlyMap<string, FileFacts>) {}

  /** Starts recording what a scan looks up. */
  startRecording(): void {
    this.looked = new Map();
  }

  /** Stops recording; returns what the scan looked up, with what it found. */
  stopRecording(): ReadonlyMap<string, string> {
    const looked = this.looked ?? new Map<string, string>();
    this.looked = undefined;
    return looked;
  }

  /** Records what the scan under way looked up (once per name: the knowledge does not change during a scan). */
  private noteLooked(key: string, found: WrapperSignature | ToolBaseClass | ClassFact | undefined): void {
    if (this.looked && !this.looked.has(key)) this.looked.set(key, lookupSignature(found));
  }

  private aggregate(): AggregatedFacts {
    if (this.aggregated) return this.aggregated;
    const result: AggregatedFacts = {
      wrappers: new Map(),
      toolBases: new Map(),
      classes: new Map(),
      guarding: new Set(),
      guardedKeys: new Set(),
      renamers: new Map(),
      recordShapes: new Set(),
    };
    for (const file of this.knowledgeFiles) {
      const facts = this.facts.get(file);
      if (facts) addKnowledge(result, facts);
    }
    this.aggregated = result;
    return result;
  }
  wrapper(name: string): WrapperSignature | undefined {
    const found = this.aggregate().wrappers.get(name);
    this.noteLooked(`w:${name}`, found);
    return found;
  }
  toolBase(name: string): ToolBaseClass | undefined {
    const found = this.aggregate().toolBases.get(name);
    this.noteLooked(`b:${name}`, found);
    return found;
  }
  classFact(name: string): ClassFact | undefined {
    const found = this.aggregate().classes.get(name);
    this.noteLooked(`c:${name}`, found);
    return found;
  }
  guardedKey(key: string): boolean {
    const found = this.aggregate().guardedKeys.has(key);
    this.looked?.set(`k:${key}`, found ? '1' : '');
    return found;
  }
  recordShape(shape: string): boolean {
    const found = this.aggregate().recordShapes.has(shape);
    this.looked?.set(`p:${shape}`, found ? '1' : '');
    return found;
  }
  renamer(name: string): Renamer | undefined {
    const found = this.aggregate().renamers.get(name);
    this.looked?.set(`r:${name}`, found ? JSON.stringify(found) : '');
    return found;
  }
  guardingWrapper(name: string): boolean {
    const found = this.aggregate().guarding.has(name);
    this.looked?.set(`g:${name}`, found ? '1' : '');
    return found;
  }

  /** Whether what a scan looked up in the project's knowledge is still what it was. */
  sameAs(looked: ReadonlyMap<string, string>): boolean {
    const facts = this.aggregate();
    for (const [key, before] of looked) {
      const name = key.slice(2);
      const renamer = key[0] === 'r' ? facts.renamers.get(name) : undefined;
      const now =
        key[0] === 'r'
          ? renamer
            ? JSON.stringify(renamer)
            : ''
          : key[0] === 'w'
            ? lookupSignature(facts.wrappers.get(name))
            : key[0] === 'b'
              ? lookupSignature(facts.toolBases.get(name))
              : key[0] === 'c'
                ? lookupSignature(facts.classes.get(name))
                : (
                      key[0] === 'k'
                        ? facts.guardedKeys.has(name)
                        : key[0] === 'p'
                          ? facts.recordShapes.has(name)
                          : facts.guarding.has(name)
                    )
                  ? '1'
                  : '';
      if (now !== before) return false;
    }
    return true;
  }

  /** Names that make another file's scan depend on this project's facts (wrappers, tool base classes). */
  names(): string[] {
    const facts = this.aggregate();
    // Typed record shapes (`typed:Tool>method`, typedDefinitions.ts) and registration method aliases
    // (`method:RegisterTool>registerTool`, registrationMethodTypes.ts) and guarding factories (`guards:defineTool>run`,
    // guardingDefinitionFactories.ts): files naming the type or the factory depend on them.
    const typed = [...facts.recordShapes].flatMap(
      (shape) => /^(?:typed|method|guards):([\w$]+)>/.exec(shape)?.[1] ?? [],
    );
    // Classes with template-method hooks (templateHooks.ts): a subclass's handler depends on its base's hooks.
    const hookBases = [...facts.classes.values()].flatMap((c) => (c.hooks ? [c.name] : []));
    return [...facts.wrappers.keys(), ...facts.toolBases.keys(), ...facts.renamers.keys(), ...typed, ...hookBases];
  }

  /** Takes in a file's new facts (call before the project stores them, with what it held until now). */
  update(key: string, before: FileFacts | undefined, facts: FileFacts | undefined): void {
    const signature = knowledgeSignature(facts);
    const beforeSignature = knowledgeSignature(before);
    if (beforeSignature !== signature) {
      // A file that brings knowledge for the first time is added in place; any other change rebuilds.
      if (beforeSignature === '' && facts && this.aggregated) addKnowledge(this.aggregated, facts);
      else this.aggregated = undefined;
    }
    if (signature) this.knowledgeFiles.add(key);
    else this.knowledgeFiles.delete(key);
  }
}

function addKnowledge(into: AggregatedFacts, facts: FileFacts): void {
  for (const [name, wrapper] of facts.wrappers) if (!into.wrappers.has(name)) into.wrappers.set(name, wrapper);
  for (const [name, base] of facts.toolBases) into.toolBases.set(name, base);
  for (const fact of facts.classes) if (!into.classes.has(fact.name)) into.classes.set(fact.name, fact);
  for (const name of facts.guardingWrappers) into.guarding.add(name);
  for (const key of facts.guardedKeys) into.guardedKeys.add(key);
  for (const [name, renamer] of facts.renamers) if (!into.renamers.has(name)) into.renamers.set(name, renamer);
  for (const shape of facts.recordShapes ?? []) into.recordShapes.add(shape);
}

function lookupSignature(found: WrapperSignature | ToolBaseClass | ClassFact | undefined): string {
  if (!found) return '';
  return 'evidence' in found && Array.isArray(found.evidence)
    ? JSON.stringify({ ...found, evidence: undefined })
    : JSON.stringify(found);
}

/** What of a file's facts other files' scans depend on, as one comparable string. */
function knowledgeSignature(facts: FileFacts | undefined): string {
  if (!facts) return '';
  const wrappers = [...facts.wrappers.values()].map(
    (w) =>
      `${w.name}:${JSON.stringify([w.nameFrom, w.handlerFrom, w.definitionFrom, w.guardedParameters, w.guardsHandler, w.listFrom, w.dispatcherFrom])}`,
  );
  const bases = [...facts.toolBases.values()].map((b) => `${b.name}:${b.handlerMethods.join(',')}`);
  const classes = facts.classes.map(
    (c) =>
      `${c.name}<${c.base ?? ''}${c.guards ? '!' : ''}${JSON.stringify(c.guardedMethods ?? {})}${c.hooks ? `^${c.hooks.join(',')}` : ''}`,
  );
  const renamers = [...facts.renamers].map(([name, renamer]) => `${name}:${JSON.stringify(renamer)}`);
  const shapes = [...(facts.recordShapes ?? [])];
  const parts = [wrappers, bases, classes, [...facts.guardingWrappers], [...facts.guardedKeys], renamers, shapes];
  return parts.every((list) => list.length === 0) ? '' : parts.map((list) => list.join('|')).join('\n');
}
