/**
 * Tool-definition objects: `{ name, description, inputSchema | parameters | schema, handler | execute | handle | run }`
 * written plainly (kept in arrays or maps and registered in a loop), passed to a factory
 * (`defineTool({…})`, `tool({…})`) or to FastMCP's `addTool({…})`, keyed by tool name
 * (`{ list_tables: tool({…}) }`), or naming their tool through a separate schema constant.
 */
import ts from 'typescript';
import { HANDLER_KEYS } from './handlerKeys';
import { expressionName, isFunctionLike, outermostWrapper, propertyNameText, unwrapExpression } from '../parse/syntax';
import { isMappedCopy } from './copiedDefinitions';
import { isForwardedTemplate } from './forwardedTemplates';
import { scopedObjectOf } from './localObjects';
import { recordHandler } from './handlerTargets';
import { isPromptDefinition } from './promptDefinitions';
import { isKnownSchemaFactory } from './schemaFactories';
import { storesOtherPrimitive } from './otherPrimitiveCollections';
import { callSiblingHasSchema } from './schemaLessCallSiblings';
import { injectedToolService } from './injectedToolBuilders';
import { isRegisteredCommand } from './commandRegistrations';
import { callsOtherToolApi } from './otherToolApis';
import { isParameterCopy } from './parameterCopies';
import { typedSiblingHasSchema } from './typedSiblings';
import { type RegistrationKind, type ScanState, isInlineFunction, nameOf, where } from './scanContext';

/** The shared handler keys, and the ones definition objects of this kind also use. */
const DEFINITION_HANDLER_KEYS = [...HANDLER_KEYS, 'func', 'logic', 'implementation'];
export const SCHEMA_KEYS = [
  'inputSchema',
  'parameters',
  'schema',
  'argsShape',
  'input',
  'paramsSchema',
  'inputShape',
  'params',
  'argsSchema',
];
/** Keys of objects that are not tools even with a name and a handler (HTTP routes, CLI commands, MCP resources). */
export const NOT_TOOL_KEYS = ['url', 'path', 'route', 'command', 'commands', 'uri', 'uriTemplate'];
/** Tool APIs that are not MCP: their factories and objects are not MCP tools. */
export const NON_MCP_MODULES =
  /^(ai|@ai-sdk\/|langchain|@langchain\/|@openai\/agents|@mastra\/|llamaindex|genkit|@genkit-ai\/)/;

/** The usual names of schema libraries' entry points. */
const SCHEMA_BUILDERS = new Set(['z', 'zod', 'v', 'Type', 'yup', 'Joi', 'joi']);

/** Registration calls named for another MCP primitive (prompts, resources). */
export const NOT_TOOL_CALLEES = /^(?:register|add|define|create)?(?:Prompt|Resource|ResourceTemplate)s?$/i;

type Member = ts.ObjectLiteralElementLike;

export function memberOf(object: ts.ObjectLiteralExpression, keys: readonly string[]): Member | undefined {
  for (const key of keys) {
    const found = object.properties.find((p) => !ts.isSpreadAssignment(p) && propertyNameText(p.name) === key);
    if (found) return found;
  }
  return undefined;
}

export function valueOfMember(member: Member | undefined): ts.Expression | undefined {
  if (!member) return undefined;
  if (ts.isPropertyAssignment(member)) return member.initializer;
  if (ts.isShorthandPropertyAssignment(member)) return member.name;
  if (ts.isMethodDeclaration(member)) return undefined;
  return undefined;
}

export function handlerMember(object: ts.ObjectLiteralExpression): Member | undefined {
  const member = memberOf(object, DEFINITION_HANDLER_KEYS);
  if (!member) return undefined;
  if (ts.isMethodDeclaration(member)) return member;
  const value = valueOfMember(member);
  if (!value) return undefined;
  const inner = unwrapExpression(value);
  const callable =
    ts.isArrowFunction(inner) ||
    ts.isFunctionExpression(inner) ||
    ts.isIdentifier(inner) ||
    (ts.isCallExpression(inner) && !isSchemaBuilder(inner));
  return callable ? member : undefined;
}

/** `z.string().optional()`, `z.object({…})`: a schema built with zod (a field named `callback` is data, not a handler). */
function isSchemaBuilder(call: ts.CallExpression): boolean {
  let node: ts.Expression = call;
  while (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) node = node.expression;
  return ts.isIdentifier(node) && SCHEMA_BUILDERS.has(node.text);
}

function nameExpression(state: ScanState, object: ts.ObjectLiteralExpression): ts.Expression | undefined {
  const method = valueOfMember(memberOf(object, ['method']));
  const name = valueOfMember(memberOf(object, ['name', 'toolName']));
  if (method && name) {
    const resolved = nameOf(state, method).name;
    if (resolved !== null && /^[a-z][a-z0-9_.-]*$/.test(resolved)) return method;
  }
  if (name) return name;
  // `{ definition: { name: 'observe', inputSchema }, handler }`: the name inside the nested definition.
  const nested = nestedDefinition(object);
  if (nested) {
    const inner = valueOfMember(memberOf(nested, ['name', 'toolName']));
    if (inner) return inner;
  }
  // `{ schema: observeSchema, handle }` where `const observeSchema = { name: 'observe', … }`; also
  // `{ tool, handler, schema: tool.inputSchema }` where `const tool = { name: 'x', inputSchema }`: the
  // member whose own `name` is known wins over one that only points into it.
  let first: ts.Expression | undefined;
  for (const key of ['schema', 'definition', 'tool']) {
    const value = valueOfMember(memberOf(object, [key]));
    const inner = value && unwrapExpression(value);
    if (!inner || (!ts.isIdentifier(inner) && !ts.isPropertyAccessExpression(inner))) continue;
    const constant = state.constants.get(inner.getText(state.sourceFile).split('.')[0]);
    if (constant === undefined || typeof constant !== 'object') continue;
    const synthetic = ts.setTextRange(ts.factory.createPropertyAccessExpression(inner, 'name'), inner);
    if (nameOf(state, synthetic).name !== null) return synthetic;
    first ??= synthetic;
  }
  return first;
}

/** Keys under which a definition nests its metadata: `{ config: { description, inputSchema }, handler }`. */
const NESTED_KEYS = ['config', 'definition', 'tool', 'spec', 'meta', 'metadata'];
/** The schema keys that say "tool input" on their own, without a name next to them. */
const NESTED_SCHEMA_KEYS = ['inputSchema', 'paramsSchema', 'argsSchema', 'inputShape', 'parameters'];

/**
 * The nested metadata object of a definition, when it holds a schema: written in place, or a constant of
 * the file it names (`{ tool, handler }` with `const tool: Tool = { name, inputSchema }`), in scope there.
 */
function nestedDefinition(object: ts.ObjectLiteralExpression): ts.ObjectLiteralExpression | undefined {
  const value = valueOfMember(memberOf(object, NESTED_KEYS));
  let inner = value && unwrapExpression(value);
  if (inner && ts.isIdentifier(inner)) inner = scopedObjectOf(inner);
  return inner && ts.isObjectLiteralExpression(inner) && memberOf(inner, NESTED_SCHEMA_KEYS) ? inner : undefined;
}

/** The key an object (or the factory call around it) is stored under: `{ list_tables: tool({…}) }`. */
function keyOf(site: ts.Node): string | undefined {
  const parent = site.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === site) return propertyNameText(parent.name);
  return undefined;
}

/** The call (or `new` expression) an object is the argument of (a factory or a tool class), if any. */
function factoryCall(object: ts.ObjectLiteralExpression): ts.CallExpression | ts.NewExpression | undefined {
  const node = outermostWrapper(object);
  const parent = node.parent;
  return (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
    parent.arguments?.includes(node as ts.Expression)
    ? parent
    : undefined;
}

function calleeModule(state: ScanState, call: ts.CallExpression | ts.NewExpression): string | undefined {
  let callee: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  return ts.isIdentifier(callee) ? state.imports.get(callee.text)?.specifier : undefined;
}

const HANDLER_KEY_SET = new Set(DEFINITION_HANDLER_KEYS);

/**
 * `{ get_token: tool({ description, handler }), publish: tool({ description, inputSchema, handler }) }`:
 * a factory call kept under a key next to calls of the same factory that do take a schema — a tool
 * without input, like its siblings.
 */
function siblingHasSchema(call: ts.CallExpression | ts.NewExpression, calleeName: string | undefined): boolean {
  const property = call.parent;
  if (
    calleeName === undefined ||
    !ts.isPropertyAssignment(property) ||
    !ts.isObjectLiteralExpression(property.parent)
  ) {
    return false;
  }
  return property.parent.properties.some((sibling) => {
    if (sibling === property || !ts.isPropertyAssignment(sibling)) return false;
    const value = unwrapExpression(sibling.initializer);
    if (!ts.isCallExpression(value) || expressionName(value.expression) !== calleeName) return false;
    const argument = value.arguments[0] && unwrapExpression(value.arguments[0]);
    return (
      argument !== undefined && ts.isObjectLiteralExpression(argument) && memberOf(argument, SCHEMA_KEYS) !== undefined
    );
  });
}

/** `{ name, schema, execute }`: a definition with its own input schema. */
function isNamedSchemaDefinition(object: ts.ObjectLiteralExpression): boolean {
  return (
    memberOf(object, ['name', 'toolName']) !== undefined &&
    memberOf(object, SCHEMA_KEYS) !== undefined &&
    handlerMember(object) !== undefined
  );
}

/** A cheap first look: does any property carry a handler-like key? */
function mayBeDefinition(object: ts.ObjectLiteralExpression): boolean {
  for (const property of object.properties) {
    const name = property.name;
    if (name && ts.isIdentifier(name) && HANDLER_KEY_SET.has(name.text)) return true;
  }
  return false;
}

/** Records one definition object as a tool registration; `site` is where it is registered or defined. */
export function definitionFromObject(
  state: ScanState,
  object: ts.ObjectLiteralExpression,
  site: ts.Node,
  kind: RegistrationKind,
  evidence: readonly string[],
  allowNameless = false,
): boolean {
  const handler = handlerMember(object);
  if (handler && isPromptDefinition(state, object)) return false;
  let nameNode = nameExpression(state, object);
  if (site === object && isMappedCopy(object, nameNode)) return false;
  if (
    !nameNode &&
    allowNameless &&
    ts.isCallExpression(site) &&
    site.arguments[0] &&
    ts.isStringLiteralLike(site.arguments[0])
  ) {
    nameNode = site.arguments[0];
  }
  const key = nameNode ? undefined : keyOf(site);
  if (!handler || (!nameNode && key === undefined && !allowNameless)) return false;
  const resolved = nameNode ? nameOf(state, nameNode) : { name: key ?? null, expression: key ?? '' };
  const handlerKey = propertyNameText(handler.name) ?? 'handler';
  const recorded = ts.isMethodDeclaration(handler)
    ? recordMethod(state, handler, kind, resolved.name, evidence)
    : recordHandler(state, valueOfMember(handler), kind, resolved.name, evidence);
  if (recorded.fn && (state.guardedKeys.has(handlerKey) || state.knowledge.guardedKey?.(handlerKey))) {
    const recordedHandler = state.handlers.find((h) => h.fn === recorded.fn);
    if (recordedHandler) recordedHandler.guarded = true;
  }
  state.registrations.push({
    name: resolved.name,
    nameExpression: nameNode && !ts.isStringLiteralLike(unwrapExpression(nameNode)) ? resolved.expression : undefined,
    kind,
    node: site,
    nameNode: nameNode && nameNode.parent ? nameNode : (handler.name ?? site),
    handler: recorded.fn,
    evidence: [...evidence, `handler: its ${handlerKey} property`, ...recorded.evidence],
    listed: true,
  });
  return true;
}

export function recordMethod(
  state: ScanState,
  method: ts.MethodDeclaration,
  kind: RegistrationKind,
  toolName: string | null,
  evidence: readonly string[],
): { fn: ts.MethodDeclaration; evidence: string[] } {
  if (!state.seen.has(method)) {
    state.seen.add(method);
    state.handlers.push({ fn: method, kind, lowLevel: false, toolName, evidence: [...evidence] });
  }
  return { fn: method, evidence: [] };
}

/**
 * Keys a generic invoker calls inside its own try/catch: `try { return await tool.handler(args) } catch …`,
 * or inside a callback that a guarding registration helper receives
 * (`this.registerTool(tool, (args) => tool.handler(ctx, args))` where `registerTool` calls its callback
 * in a try whose catch answers every error). The definitions' handlers under those keys are guarded by it.
 */
export function guardedKeysOf(state: ScanState): Set<string> {
  const keys = new Set<string>();
  for (const statement of state.index.of(ts.SyntaxKind.TryStatement, ts.isTryStatement)) {
    if (!statement.catchClause) continue;
    addInvokedKeys(state, statement.tryBlock, keys);
  }
  for (const handler of state.handlers) {
    if (handler.guarded && handler.fn.body && isInlineFunction(handler.fn))
      addInvokedKeys(state, handler.fn.body, keys);
  }
  for (const callback of state.guardedCallbacks) if (callback.body) addInvokedKeys(state, callback.body, keys);
  return keys;
}

/** The handler keys called as `definition.key(…)` within `scope`. */
export function addInvokedKeys(state: ScanState, scope: ts.Node, keys: Set<string>): void {
  // An arrow function's expression body may be the call itself.
  const calls = [scope, ...state.index.within(scope, [ts.SyntaxKind.CallExpression])];
  const aliases = handlerAliases(state, scope);
  const lookedUp = lookedUpHandlers(state, scope);
  for (const call of calls) {
    if (!ts.isCallExpression(call)) continue;
    // `const handler = registry.getHandler(name); … await handler(args)`: the registry's `handler` key.
    if (ts.isIdentifier(call.expression) && lookedUp.has(call.expression.text)) {
      keys.add('handler');
      continue;
    }
    // `const cb = tool.cb as Callback; … await cb(args)`: the alias stands for the key it was read from.
    const callee = ts.isIdentifier(call.expression) ? aliases.get(call.expression.text) : call.expression;
    if (!callee || !ts.isPropertyAccessExpression(callee)) continue;
    const key = callee.name.text;
    const receiver = unwrapExpression(callee.expression);
    if (!HANDLER_KEY_SET.has(key) || receiver.kind === ts.SyntaxKind.ThisKeyword) continue;
    const receiverText = receiver.getText(state.sourceFile);
    // An invoker names what it runs for a definition: a tool, a definition, an entry, a spec, an operation.
    if (key === 'handler' || key === 'handle' || /tool|def|definition|entry|spec|operation/i.test(receiverText))
      keys.add(key);
  }
}

/**
 * `const handler = toolRegistry.getHandler(name)` declared within `scope`: locals holding the handler a tool
 * registry keeps for a name (the registry's name says it holds tools or handlers).
 */
function lookedUpHandlers(state: ScanState, scope: ts.Node): Set<string> {
  const names = new Set<string>();
  // The local is usually declared before the try that calls it: look in the whole enclosing function.
  let owner: ts.Node = scope;
  while (owner.parent && !isFunctionLike(owner)) owner = owner.parent;
  for (const declaration of state.index.within(owner, [ts.SyntaxKind.VariableDeclaration])) {
    if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name) || !declaration.initializer)
      continue;
    const value = unwrapExpression(declaration.initializer);
    if (!ts.isCallExpression(value) || !ts.isPropertyAccessExpression(value.expression)) continue;
    if (value.expression.name.text !== 'getHandler') continue;
    const receiver = unwrapExpression(value.expression.expression).getText(state.sourceFile);
    if (/tool|registry|handler/i.test(receiver)) names.add(declaration.name.text);
  }
  return names;
}

/** `const cb = tool.cb` declared within `scope`: the local names of a definition's handler key. */
function handlerAliases(state: ScanState, scope: ts.Node): Map<string, ts.PropertyAccessExpression> {
  const aliases = new Map<string, ts.PropertyAccessExpression>();
  for (const declaration of state.index.within(scope, [ts.SyntaxKind.VariableDeclaration])) {
    if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name) || !declaration.initializer)
      continue;
    const value = unwrapExpression(declaration.initializer);
    if (ts.isPropertyAccessExpression(value)) aliases.set(declaration.name.text, value);
  }
  return aliases;
}

/** Definition objects not consumed by a registration call: plain, in factories, or keyed. */
export function scanDefinitionObjects(state: ScanState, factories: ReadonlySet<string>): void {
  for (const object of state.index.of(ts.SyntaxKind.ObjectLiteralExpression, ts.isObjectLiteralExpression)) {
    if (!mayBeDefinition(object) || state.consumed.has(object)) continue;
    if (!handlerMember(object)) continue;
    if (memberOf(object, NOT_TOOL_KEYS)) continue;
    if (isRegisteredCommand(state, object)) continue;
    const call = factoryCall(object);
    if (
      !call &&
      isParameterCopy(
        object,
        valueOfMember(memberOf(object, ['name', 'toolName'])),
        valueOfMember(handlerMember(object)),
      )
    )
      continue;
    if (call && ts.isCallExpression(call) && isSchemaBuilder(call)) continue;
    if (call && isForwardedTemplate(call, valueOfMember(memberOf(object, ['name', 'toolName'])))) continue;
    const calleeName = call
      ? ts.isIdentifier(call.expression)
        ? call.expression.text
        : ts.isPropertyAccessExpression(call.expression)
          ? call.expression.name.text
          : undefined
      : undefined;
    const configured = calleeName !== undefined && factories.has(calleeName);
    if (call && !configured) {
      const module = calleeModule(state, call);
      if (module && NON_MCP_MODULES.test(module)) continue;
      if (callsOtherToolApi(state, call)) continue;
    }
    // `registerPrompt({ name, handler })`, `addResource({…})`, `prompts.push({…})`: other MCP primitives, not tools.
    if (!configured && calleeName !== undefined && NOT_TOOL_CALLEES.test(calleeName)) continue;
    if (!configured && call && storesOtherPrimitive(call)) continue;
    const hasSchema = memberOf(object, SCHEMA_KEYS) !== undefined || nestedDefinition(object) !== undefined;
    const hasSpread = object.properties.some(ts.isSpreadAssignment);
    if (
      !configured &&
      !hasSchema &&
      !(call && hasSpread) &&
      !(call && siblingHasSchema(call, calleeName)) &&
      !(
        call &&
        memberOf(object, ['name', 'toolName']) &&
        callSiblingHasSchema(state.sourceFile, call, object, isNamedSchemaDefinition)
      ) &&
      !(call && injectedToolService(state, call) !== undefined) &&
      !(call && isKnownSchemaFactory(state, call)) &&
      !(!call && typedSiblingHasSchema(state, object, (o) => nestedDefinition(o) !== undefined))
    )
      continue;
    const site = call ?? object;
    const evidence = configured
      ? [`passed to the handler factory ${calleeName}(…) at ${where(state, site)} (mcpEnvelope.handlerFactories)`]
      : call
        ? [`tool definition passed to ${calleeName ?? 'a factory'}(…) at ${where(state, site)}`]
        : [`tool definition object at ${where(state, site)} (name, schema and handler)`];
    state.consumed.add(object);
    definitionFromObject(state, object, site, configured ? 'factory' : 'definition', evidence, configured);
  }
}
