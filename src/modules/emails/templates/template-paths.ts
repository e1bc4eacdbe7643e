import { isListShape, isObjectShape, memberOf, type ValueShape } from './value-shapes.js';

type Node = hbs.AST.Node;
type Program = hbs.AST.Program;
type Path = hbs.AST.PathExpression;

/** A name a template uses that its mail does not have, or a construct templates may not use. */
export interface TemplateProblem {
  line: number;
  message: string;
}

/** What a name resolves against: the values in scope, and the `as |name|` block parameters. */
interface Scope {
  shape: ValueShape;
  params: Map<string, ValueShape>;
  inEach: boolean;
}

const BLOCK_HELPERS = new Set(['if', 'unless', 'each', 'with']);
const EACH_DATA = new Set(['index', 'first', 'last', 'key']);

/**
 * Walks a parsed template against its mail's values: every name must exist there, `#each` walks
 * lists only, `#with` objects only, and a `{{value}}` prints text, numbers or flags only. Only
 * the block helpers `if`, `unless`, `each` and `with` exist; partials and decorators do not, and
 * `allowRaw` false refuses `{{{…}}}` (HTML parts escape every value).
 */
export function problemsOf(
  program: Program,
  values: ValueShape,
  allowRaw: boolean,
): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const at = (node: Node) => node.loc?.start.line ?? 1;
  const refuse = (node: Node, message: string): void => {
    problems.push({ line: at(node), message });
  };

  const resolve = (path: Path, scopes: Scope[]): ValueShape | undefined => {
    if (path.data) {
      const [name, ...rest] = path.parts;
      if (name === 'root') return walk(scopes[0].shape, rest);
      return EACH_DATA.has(name) && scopes.at(-1)!.inEach && rest.length === 0
        ? name === 'key'
          ? 'text'
          : name === 'index'
            ? 'number'
            : 'flag'
        : undefined;
    }
    const scope = scopes[scopes.length - 1 - path.depth];
    if (!scope) return undefined;
    const [first, ...rest] = path.parts;
    if (first !== undefined && path.depth === 0) {
      for (const outer of [...scopes].reverse()) {
        const param = outer.params.get(first);
        if (param) return walk(param, rest);
      }
    }
    return walk(scope.shape, path.parts);
  };

  const checkValue = (node: Node, scopes: Scope[]): ValueShape | undefined => {
    if (node.type === 'SubExpression') {
      refuse(node, 'Helpers cannot be called inside an expression');
      return undefined;
    }
    if (node.type !== 'PathExpression') return 'text';
    const path = node as Path;
    const shape = resolve(path, scopes);
    if (shape === undefined) refuse(node, `"${path.original}" is not a value of this mail`);
    return shape;
  };

  const visit = (node: Node, scopes: Scope[]): void => {
    switch (node.type) {
      case 'Program':
        for (const statement of (node as Program).body) visit(statement, scopes);
        return;
      case 'ContentStatement':
      case 'CommentStatement':
        return;
      case 'MustacheStatement': {
        const mustache = node as hbs.AST.MustacheStatement;
        if (mustache.params.length > 0 || (mustache.hash?.pairs.length ?? 0) > 0) {
          return refuse(node, `"${nameOf(mustache.path)}" is not a helper templates can use`);
        }
        if (!mustache.escaped && !allowRaw) {
          return refuse(node, 'Values are always escaped in HTML: use {{…}}, not {{{…}}}');
        }
        const shape = checkValue(mustache.path, scopes);
        if (shape !== undefined && typeof shape !== 'string') {
          refuse(node, `"${nameOf(mustache.path)}" is a list or an object: it cannot be printed`);
        }
        return;
      }
      case 'BlockStatement':
        return visitBlock(node as hbs.AST.BlockStatement, scopes);
      default:
        return refuse(node, 'Partials and decorators are not available in e-mail templates');
    }
  };

  const visitBlock = (block: hbs.AST.BlockStatement, scopes: Scope[]): void => {
    const helper = nameOf(block.path);
    if (!BLOCK_HELPERS.has(helper)) {
      return refuse(block, `"${helper}" is not a block helper (use if, unless, each or with)`);
    }
    if (block.params.length !== 1 || (block.hash?.pairs.length ?? 0) > 0) {
      return refuse(block, `#${helper} takes one value`);
    }
    const shape = checkValue(block.params[0], scopes);
    const inner = innerScope(helper, shape, block, scopes, refuse);
    visit(block.program, inner);
    if (block.inverse) visit(block.inverse, scopes);
  };

  visit(program, [{ shape: values, params: new Map(), inEach: false }]);
  return problems;
}

function walk(shape: ValueShape | undefined, parts: string[]): ValueShape | undefined {
  return parts.reduce<ValueShape | undefined>(
    (current, part) => (current === undefined ? undefined : memberOf(current, part)),
    shape,
  );
}

function nameOf(node: Node): string {
  return node.type === 'PathExpression' ? (node as Path).original : node.type;
}

/** The scope inside `{{#helper value}}`: an element of a list for each, the object for with. */
function innerScope(
  helper: string,
  shape: ValueShape | undefined,
  block: hbs.AST.BlockStatement,
  scopes: Scope[],
  refuse: (node: Node, message: string) => void,
): Scope[] {
  const blockParams = block.program.blockParams ?? [];
  if (helper === 'if' || helper === 'unless' || shape === undefined) return scopes;
  if (helper === 'each') {
    if (!isListShape(shape)) {
      refuse(block, `#each walks a list: "${nameOf(block.params[0])}" is not one`);
      return scopes;
    }
    const params = new Map<string, ValueShape>();
    if (blockParams[0]) params.set(blockParams[0], shape[0]);
    if (blockParams[1]) params.set(blockParams[1], 'number');
    return [...scopes, { shape: shape[0], params, inEach: true }];
  }
  if (!isObjectShape(shape)) {
    refuse(block, `#with needs an object: "${nameOf(block.params[0])}" is not one`);
    return scopes;
  }
  const params = new Map<string, ValueShape>(blockParams[0] ? [[blockParams[0], shape]] : []);
  return [...scopes, { shape, params, inEach: false }];
}
