/**
 * Low-level `tools/call` dispatchers: `setRequestHandler(CallToolRequestSchema, …)` whose handler (or a
 * function it hands the tool name to) dispatches by `switch`, `if (name === 'x')` or a lookup table.
 * Each branch is a tool; the function a branch calls is its handler.
 */
import ts from 'typescript';
import { isHandWrittenRequestSchema } from './requestMethodSchemas';
import { classMethodNamed, receiverMethod } from './receiverDispatch';
import { type FunctionLike, isFunctionLike, propertyNameText, unwrapExpression, walk } from '../parse/syntax';
import { callIsAnswered, markGuarded } from './answeredCalls';
import { answeringTryOf, scanGuardedDispatch } from './crossFileGuards';
import { soleCallerGuard } from './singleCallerGuards';
import { hookFinder } from './dispatchHooks';
import { entryTableEntries } from './entryTables';
import { recordHandler } from './handlerTargets';
import { calledTableEntries, spreadBuiltTables } from './builtHandlerTables';
import { externalRef, localTable, tableEntries } from './handlerTables';
import { noteOptionDispatcher } from './optionDispatchers';
import { repeatsDispatchBranch } from './separateDispatchers';
import { mapTableEntries } from './mapTables';
import { nameAliases } from './nameAliases';
import { isMemberHandler } from './memberHandlers';
import { preparesInput } from './inputPreparation';
import { isResponseBuilder } from './responseBuilders';
import { requestParameterName } from './requestParameter';
import { isVerdictBranch, isVerdictSwitch } from './verdicts';
import { instanceTableEntries } from './instanceTables';
import {
  type ScanState,
  functionTarget,
  lineOf,
  nameOf,
  where,
  handOffImport,
  shownNameExpression,
} from './scanContext';

/** Read once: the typescript module's exports are getters (see parse/syntax.ts). */
const { SyntaxKind } = ts;

/** JSON-RPC method names of MCP (`tools/list`, `resources/read`, `notifications/initialized`…). */
const MCP_METHOD_NAME =
  /^(?:tools|prompts|resources|completion|logging|roots|sampling|elicitation|notifications|tasks)\/[A-Za-z_/]+$/;

const NAME_IDENTIFIERS = /^(name|toolName|tool_name|toolname|tool|method)$/;

function isNameish(expression: ts.Expression): boolean {
  const inner = unwrapExpression(expression);
  if (ts.isIdentifier(inner)) return NAME_IDENTIFIERS.test(inner.text);
  if (ts.isPropertyAccessExpression(inner)) {
    return /^(name|toolName)$/.test(inner.name.text) && /\bparams$/.test(inner.expression.getText());
  }
  return false;
}

/** Whether a `switch` subject or an `if` condition tests the tool name: `name`, `name === 'x'`. */
function isNameTest(expression: ts.Expression, isName: (e: ts.Expression) => boolean): boolean {
  const inner = unwrapExpression(expression);
  if (isName(inner)) return true;
  return (
    ts.isBinaryExpression(inner) &&
    (inner.operatorToken.kind === SyntaxKind.EqualsEqualsEqualsToken ||
      inner.operatorToken.kind === SyntaxKind.EqualsEqualsToken) &&
    (isName(inner.left) || isName(inner.right))
  );
}

/** `handle({ request, db })`, `run({ name: toolName, args })`: an options object that carries the request or the name. */
function carriesRequest(argument: ts.Expression, isCarried: (value: ts.Expression) => boolean): boolean {
  const inner = unwrapExpression(argument);
  return (
    ts.isObjectLiteralExpression(inner) &&
    inner.properties.some(
      (p) =>
        (ts.isShorthandPropertyAssignment(p) && isCarried(p.name)) ||
        (ts.isPropertyAssignment(p) && isCarried(p.initializer)),
    )
  );
}

export function isCallToolSchema(node: ts.Expression): boolean {
  const inner = unwrapExpression(node);
  if (ts.isStringLiteralLike(inner)) return inner.text === 'tools/call';
  if (ts.isIdentifier(inner)) return inner.text === 'CallToolRequestSchema';
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'CallToolRequestSchema';
  return isHandWrittenRequestSchema(inner, 'tools/call');
}

/** Whether an `if` branch does a tool's work: it calls something or answers with an object. */
function answers(statement: ts.Statement): boolean {
  let found = false;
  walk(statement, (node) => {
    if (found || isFunctionLike(node)) return false;
    if (
      ts.isCallExpression(node) ||
      (ts.isReturnStatement(node) && node.expression && ts.isObjectLiteralExpression(unwrapExpression(node.expression)))
    ) {
      found = true;
    }
    return !found;
  });
  return found;
}

/** Whether a call's value is what the branch answers with: returned, awaited into a variable, or assigned. */
function resultOf(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (
    ts.isAwaitExpression(node.parent) ||
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent)
  ) {
    node = node.parent;
  }
  const parent = node.parent;
  return (
    ts.isReturnStatement(parent) ||
    ts.isVariableDeclaration(parent) ||
    (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === node)
  );
}

function addBranch(
  state: ScanState,
  site: ts.Node,
  nameNode: ts.Expression,
  body: readonly ts.Statement[] | ts.Node | undefined,
  evidence: readonly string[],
): void {
  const resolved = nameOf(state, nameNode);
  if (resolved.name === null) return;
  // `toolName === 'prompts/list'`: an MCP method name (a client workaround), not a tool `tools/list` returns.
  if (MCP_METHOD_NAME.test(resolved.name)) return;
  // A later test of the same name (telemetry, post-processing) is not another tool.
  if (repeatsDispatchBranch(state, site, resolved.name)) return;
  // The branch's handler: the function whose result the branch returns or keeps, else the first one it calls.
  let handlerCall: ts.CallExpression | undefined;
  let firstCall: ts.CallExpression | undefined;
  // Whether a call preparing another call's input was passed over: then only a call whose result the branch
  // keeps or returns is its handler, not the first one it makes (`await warmUp(client)` is not the work either).
  let passedInput = false;
  const scan = (node: ts.Node, isHandler: (callee: ts.Expression) => boolean) =>
    walk(node, (child) => {
      if (handlerCall) return false;
      if (isFunctionLike(child)) return false;
      if (child.kind === SyntaxKind.CallExpression && ts.isCallExpression(child) && isHandler(child.expression)) {
        // `const id = checkedId(args.id)` handed to the awaited call after it: input, not the work.
        if (preparesInput(child)) {
          passedInput = true;
          return false;
        }
        if (resultOf(child)) handlerCall = child;
        else firstCall ??= child;
      }
      return true;
    });
  const scanBody = (isHandler: (callee: ts.Expression) => boolean) => {
    if (Array.isArray(body)) for (const statement of body as readonly ts.Statement[]) scan(statement, isHandler);
    else if (body) scan(body as ts.Node, isHandler);
  };
  // A function that only shapes the answer (`await saveNote(…); return textResult(…)`) is taken only when the
  // branch calls nothing else (responseBuilders.ts).
  scanBody((callee) => {
    const found = functionTarget(state, callee);
    return found !== undefined && !(found.fn && isResponseBuilder(found.fn));
  });
  if (!handlerCall && !firstCall) scanBody((callee) => functionTarget(state, callee) !== undefined);
  // Without a function of its own, the branch's handler may be a member whose result the branch answers with:
  // `result = await handlers.handleX(args)`, `return tool.execute(args)` (not a `logger.debug(…)` on the way).
  if (!handlerCall && !firstCall) {
    scanBody((callee) => isMemberHandler(state, callee));
    firstCall = undefined;
  }
  if (!passedInput) handlerCall ??= firstCall;
  const branchEvidence = [
    `branch for '${resolved.name}' of the tools/call dispatcher (line ${lineOf(state, site)})`,
    ...evidence,
  ];
  const externalBefore = state.external.length;
  const recorded = handlerCall
    ? recordHandler(state, handlerCall.expression, 'dispatch', resolved.name, branchEvidence)
    : { fn: undefined, evidence: [] };
  if (handlerCall && callIsAnswered(handlerCall)) {
    if (recorded.fn) markGuarded(state, recorded.fn);
    for (const ref of state.external.slice(externalBefore)) if (ref.role === 'handler') ref.guarded = true;
  }
  state.registrations.push({
    name: resolved.name,
    nameExpression: shownNameExpression(nameNode, resolved),
    kind: 'dispatch',
    node: site,
    nameNode,
    handler: recorded.fn,
    evidence: [
      ...branchEvidence,
      ...(handlerCall ? [`handler: ${handlerCall.expression.getText(state.sourceFile)}`] : []),
    ],
    listed: true,
  });
}

/** Whether a statement turns the call away: it throws, or returns an `isError` answer. */
function rejects(statement: ts.Statement): boolean {
  let found = false;
  walk(statement, (node) => {
    if (found || isFunctionLike(node)) return false;
    if (ts.isThrowStatement(node)) found = true;
    else if (ts.isReturnStatement(node) && node.expression) {
      const value = unwrapExpression(node.expression);
      found =
        ts.isObjectLiteralExpression(value) && value.properties.some((p) => propertyNameText(p.name) === 'isError');
    }
    return !found;
  });
  return found;
}

/**
 * `if (request.params.name !== 'only_tool') throw …` at the top level of a tools/call handler (only
 * blocks and a `try` between them): the rest of the handler is that one tool.
 */
function singleToolGuard(
  fn: FunctionLike,
  statement: ts.IfStatement,
): { name: ts.Expression; rest: ts.Statement[] } | undefined {
  const condition = unwrapExpression(statement.expression);
  if (
    !ts.isBinaryExpression(condition) ||
    (condition.operatorToken.kind !== SyntaxKind.ExclamationEqualsEqualsToken &&
      condition.operatorToken.kind !== SyntaxKind.ExclamationEqualsToken) ||
    statement.elseStatement
  ) {
    return undefined;
  }
  const [nameSide, valueSide] = isNameish(condition.left)
    ? [condition.left, condition.right]
    : [condition.right, condition.left];
  if (!isNameish(nameSide) || !ts.isStringLiteralLike(unwrapExpression(valueSide))) return undefined;
  if (!rejects(statement.thenStatement)) return undefined;
  const block = statement.parent;
  if (!ts.isBlock(block)) return undefined;
  for (let node: ts.Node = block; node !== fn.body; node = node.parent) {
    if (!node.parent || !(ts.isBlock(node) || ts.isTryStatement(node))) return undefined;
  }
  const rest = block.statements.slice(block.statements.indexOf(statement) + 1);
  return rest.length > 0 ? { name: valueSide, rest } : undefined;
}

/** Finds the branches of a dispatching function; returns how many were found. */
/**
 * Whether a call's result is a handler the caller then calls: `pick(name)(args)`, or `const handler = pick(name)`
 * followed by `handler(…)` in the same function.
 */
function returnsHandlerToCall(state: ScanState, call: ts.CallExpression): boolean {
  let outer: ts.Node = call.parent;
  while (ts.isAwaitExpression(outer) || ts.isParenthesizedExpression(outer)) outer = outer.parent;
  if (ts.isCallExpression(outer) && unwrapExpression(outer.expression) === call) return true;
  if (!ts.isVariableDeclaration(outer) || !ts.isIdentifier(outer.name)) return false;
  const local = outer.name.text;
  let scope: ts.Node = outer;
  while (scope.parent && !isFunctionLike(scope)) scope = scope.parent;
  return state.index.within(scope, [ts.SyntaxKind.CallExpression]).some((candidate) => {
    if (!ts.isCallExpression(candidate)) return false;
    const callee = unwrapExpression(candidate.expression);
    return ts.isIdentifier(callee) && callee.text === local;
  });
}

export function scanDispatch(state: ScanState, fn: FunctionLike, evidence: readonly string[], depth = 0): number {
  if (!fn.body) return 0;
  const requestName = requestParameterName(fn);
  const isRequest = (argument: ts.Expression): boolean => {
    const inner = unwrapExpression(argument);
    return (
      requestName !== undefined &&
      ((ts.isIdentifier(inner) && inner.text === requestName) ||
        (ts.isPropertyAccessExpression(inner) && inner.getText(state.sourceFile) === `${requestName}.params`))
    );
  };
  // `const op = name as Op; switch (op)`: a renamed tool name tests as the name does.
  const aliases = nameAliases(fn, isNameish);
  const isName = (expression: ts.Expression): boolean => {
    const inner = unwrapExpression(expression);
    return isNameish(inner) || (ts.isIdentifier(inner) && aliases.has(inner.text));
  };
  // In an options object, `method` and `tool` are too often something else (an HTTP method, a definition).
  const isCarried = (value: ts.Expression): boolean => {
    const inner = unwrapExpression(value);
    return isRequest(inner) || (isName(inner) && !(ts.isIdentifier(inner) && /^(method|tool)$/.test(inner.text)));
  };
  const isNameArgument = (argument: ts.Expression): boolean =>
    isName(argument) || isRequest(argument) || carriesRequest(argument, isCarried);
  const isHook = hookFinder(fn, isNameArgument, (expression) => isNameTest(expression, isName));
  let count = 0;
  const before = state.registrations.length;
  const followed = new Set<FunctionLike>();
  walk(fn, (node) => {
    // Runs on every node of the dispatcher: most are none of the four kinds below (see parse/syntax.ts).
    const kind = node.kind;
    if (
      kind !== SyntaxKind.SwitchStatement &&
      kind !== SyntaxKind.IfStatement &&
      kind !== SyntaxKind.ElementAccessExpression &&
      kind !== SyntaxKind.CallExpression
    ) {
      return true;
    }
    if (ts.isSwitchStatement(node) && isName(node.expression) && !isVerdictSwitch(node)) {
      for (const clause of node.caseBlock.clauses) {
        if (ts.isCaseClause(clause)) addBranch(state, clause, clause.expression, clause.statements, evidence);
      }
    } else if (ts.isIfStatement(node)) {
      const condition = unwrapExpression(node.expression);
      if (
        ts.isBinaryExpression(condition) &&
        (condition.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken ||
          condition.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken)
      ) {
        const [nameSide, valueSide] = isName(condition.left)
          ? [condition.left, condition.right]
          : [condition.right, condition.left];
        if (
          isName(nameSide) &&
          !isName(valueSide) &&
          answers(node.thenStatement) &&
          !isVerdictBranch(node.thenStatement)
        ) {
          addBranch(state, node, valueSide, node.thenStatement, evidence);
        }
      } else {
        const guard = singleToolGuard(fn, node);
        if (guard) addBranch(state, node, guard.name, guard.rest, evidence);
      }
    } else if (
      ts.isElementAccessExpression(node) &&
      isName(node.argumentExpression) &&
      ts.isIdentifier(node.expression)
    ) {
      const tableName = node.expression.text;
      const table = localTable(state, tableName);
      const tableEvidence = [`looked up as ${node.getText(state.sourceFile)} (${where(state, node)})`, ...evidence];
      if (table) {
        const found = tableEntries(state, table, tableEvidence);
        count += found > 0 ? found : entryTableEntries(state, table, fn, tableEvidence);
        count += spreadBuiltTables(state, table, tableEvidence);
      } else if (state.imports.has(tableName)) externalRef(state, state.imports.get(tableName), 'table', tableEvidence);
      else count += calledTableEntries(state, tableName, node, tableEvidence);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'get' &&
      (ts.isIdentifier(node.expression.expression) || ts.isPropertyAccessExpression(node.expression.expression)) &&
      node.arguments.length === 1 &&
      isName(node.arguments[0])
    ) {
      // `HANDLERS.get(name)`, `this.handlers.get(name)`: a Map of handlers (functions or handler instances).
      const mapEvidence = [`looked up as ${node.getText(state.sourceFile)} (${where(state, node)})`, ...evidence];
      if (ts.isIdentifier(node.expression.expression))
        count += mapTableEntries(state, node.expression.expression.text, mapEvidence);
      count += instanceTableEntries(state, node, mapEvidence);
    } else if (
      ts.isCallExpression(node) &&
      depth < 2 &&
      node.arguments.some(isNameArgument) &&
      // Logging, telemetry and post-processing are handed the name too, but run no tool.
      !isHook(node)
    ) {
      const target = functionTarget(state, node.expression);
      const callEvidence = [
        `tool name passed to ${node.expression.getText(state.sourceFile)} (${where(state, node)})`,
        ...evidence,
      ];
      if (target?.fn && target.fn !== fn && !followed.has(target.fn)) {
        followed.add(target.fn);
        const local = target.fn;
        // `const handler = pick(name)` inside a try whose catch answers: what the lookup leads to runs guarded. A
        // call that runs the tool itself (`await this.runTool(name, args)`) is left to the checks, which also see
        // the function's other callers and its uses as a value.
        const guardedBy = returnsHandlerToCall(state, node)
          ? answeringTryOf(state, node)
          : soleCallerGuard(state, node, local);
        if (guardedBy) {
          scanGuardedDispatch(state, local, guardedBy, () => {
            count += scanDispatch(state, local, callEvidence, depth + 1);
          });
        } else count += scanDispatch(state, local, callEvidence, depth + 1);
      } else if (target?.imported) {
        externalRef(state, target.imported, 'dispatch', callEvidence, answeringTryOf(state, node));
      } else if (!target) {
        count += dispatchToReceiver(state, node, fn, followed, callEvidence, depth);
        noteOptionDispatcher(state, node);
      }
    }
    return true;
  });
  return count + (state.registrations.length - before);
}

/** `setRequestHandler(CallToolRequestSchema, handler)` calls, with their branches. */
export function scanDispatchers(state: ScanState, calls: readonly ts.CallExpression[]): void {
  for (const call of calls) {
    if (!ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== 'setRequestHandler') continue;
    if (call.arguments.length < 2 || !isCallToolSchema(call.arguments[0])) continue;
    const evidence = [`tools/call handler registered by .setRequestHandler(…) at ${where(state, call)}`];
    const recorded = recordHandler(state, call.arguments[1], 'setRequestHandler', null, evidence, true);
    const registration = {
      name: null,
      kind: 'setRequestHandler' as const,
      node: call,
      nameNode: call.arguments[0],
      handler: recorded.fn,
      evidence: [...evidence, ...recorded.evidence],
      listed: true,
    };
    state.registrations.push(registration);
    const before = state.external.length;
    const branches = recorded.fn ? scanDispatch(state, recorded.fn, evidence) : 0;
    const forwarded = state.external.slice(before).some((ref) => ref.role === 'dispatch' || ref.role === 'table');
    if (branches > 0 || forwarded) registration.listed = false;
  }
}

/** `this.registry.executeTool(name, …)`: the receiver's class method, scanned here or handed to its file. */
function dispatchToReceiver(
  state: ScanState,
  call: ts.CallExpression,
  fn: FunctionLike,
  followed: Set<FunctionLike>,
  evidence: readonly string[],
  depth: number,
): number {
  const owner = receiverMethod(call.expression);
  if (!owner) return 0;
  const local = classMethodNamed(state.sourceFile, owner.className, owner.method);
  if (local && local !== fn && !followed.has(local)) {
    followed.add(local);
    return scanDispatch(state, local, evidence, depth + 1);
  }
  const imported = local ? undefined : state.imports.get(owner.className);
  if (imported && imported.exportName !== '*' && imported.specifier.startsWith('.')) {
    handOffImport(state, imported.specifier, {
      exportName: imported.exportName,
      kind: 'dispatch',
      toolName: null,
      role: 'dispatch',
      member: owner.method,
      evidence: [...evidence],
    });
  }
  return 0;
}
