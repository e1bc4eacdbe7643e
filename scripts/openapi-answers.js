// The success answer of every route outside the Spree contract (Admin API, health), derived from
// the type its controller method returns: the views its serializers build. Interfaces and type
// aliases of `src/` become schemas of `components.schemas` under their own name; everything else
// (generic pages, `Partial<…>`, object literals) is written out where it is used.
import ts from 'typescript';

/** Routes whose answers Spree's client defines (store-resources.generated.ts). */
const SPREE_CONTRACT = /^api\/(v3\/store|v2\/storefront)(\/|$)/;
const VERB_STATUS = { Get: 200, Post: 201, Put: 200, Patch: 200, Delete: 200 };
const REF = (name) => `#/components/schemas/${name}`;

function programOf(tsconfigPath) {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfigPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  const sources = config.fileNames.filter((file) => file.includes('/src/'));
  return ts.createProgram(sources, config.options);
}

function decorators(node) {
  return (ts.getDecorators(node) ?? [])
    .map((decorator) => decorator.expression)
    .filter((call) => ts.isCallExpression(call) && ts.isIdentifier(call.expression))
    .map((call) => ({ name: call.expression.text, args: call.arguments }));
}

const isInSource = (declaration) =>
  declaration !== undefined && declaration.getSourceFile().fileName.includes('/src/');

/** Writes OpenAPI 3.0 schemas of TypeScript types as JSON shows them. */
class SchemaWriter {
  /** Component name → schema; name → the declaration it was taken from. */
  named = {};
  #origins = new Map();
  #inlining = new Set();

  constructor(checker) {
    this.checker = checker;
  }

  of(type) {
    return this.ofMembers(membersOf(type));
  }

  ofMembers(members) {
    const nullable = members.some((member) => member.flags & ts.TypeFlags.Null);
    const present = members.filter(
      (member) =>
        !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)),
    );
    const schema = this.#union(present);
    return nullable ? nullableOf(schema) : schema;
  }

  /** Literals of one kind become an `enum`; `true | false` is a boolean. */
  #union(members) {
    const literals = { string: [], number: [], boolean: [] };
    const parts = [];
    for (const member of members) {
      if (member.isStringLiteral()) literals.string.push(member.value);
      else if (member.isNumberLiteral()) literals.number.push(member.value);
      else if (member.flags & ts.TypeFlags.BooleanLiteral)
        literals.boolean.push(member.intrinsicName === 'true');
      else parts.push(this.#single(member));
    }
    for (const [type, values] of Object.entries(literals)) {
      if (values.length === 0) continue;
      parts.push(type === 'boolean' && values.length === 2 ? { type } : { type, enum: values });
    }
    if (parts.length === 0) return {};
    return parts.length === 1 ? parts[0] : { anyOf: parts };
  }

  #single(type) {
    const { flags } = type;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping))
      return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.NonPrimitive) return { type: 'object' };
    if (type.symbol?.name === 'Date') return { type: 'string', format: 'date-time' };
    const toJSON = type.getProperty?.('toJSON');
    if (toJSON) {
      const [signature] = this.checker.getTypeOfSymbol(toJSON).getCallSignatures();
      return this.of(this.checker.getReturnTypeOfSignature(signature));
    }
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) {
      const items = this.checker.getTypeArguments(type);
      // `[]` written in a view is a `never[]`: an array that is always empty.
      if (items.every((item) => item.flags & ts.TypeFlags.Never))
        return { type: 'array', items: {}, maxItems: 0 };
      return { type: 'array', items: items.length === 1 ? this.of(items[0]) : this.#union(items) };
    }
    if (flags & ts.TypeFlags.Object || type.isIntersection()) {
      const name = this.#nameOf(type);
      return name ? this.#reference(name, type) : this.#inline(type);
    }
    throw new Error(`no JSON schema for ${this.checker.typeToString(type)}`);
  }

  /** The name of an interface or type alias of `src/` taking no type arguments. */
  #nameOf(type) {
    if (type.aliasSymbol)
      return type.aliasTypeArguments?.length || !isInSource(type.aliasSymbol.declarations?.[0])
        ? undefined
        : type.aliasSymbol.name;
    const symbol = type.symbol;
    if (!symbol || !(symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Class)))
      return undefined;
    const generic =
      type.objectFlags & ts.ObjectFlags.Reference && this.checker.getTypeArguments(type).length;
    return generic || !isInSource(symbol.declarations?.[0]) ? undefined : symbol.name;
  }

  #reference(name, type) {
    const origin = (type.aliasSymbol ?? type.symbol).declarations[0];
    const known = this.#origins.get(name);
    if (known && known !== origin)
      throw new Error(`two types are named ${name}: rename one, the document needs one of each`);
    if (!known) {
      this.#origins.set(name, origin);
      this.named[name] = this.#object(type);
    }
    return { $ref: REF(name) };
  }

  #inline(type) {
    // A type met again inside itself with no name to refer to: any value.
    if (this.#inlining.has(type)) return {};
    this.#inlining.add(type);
    try {
      return this.#object(type);
    } finally {
      this.#inlining.delete(type);
    }
  }

  /** The schema of a route's answer, of the types it may be: errors name the route. */
  answer(id, members) {
    try {
      return this.ofMembers(members);
    } catch (error) {
      throw new Error(`${id}: ${error.message}`, { cause: error });
    }
  }

  #member(name, type) {
    try {
      return this.of(type);
    } catch (error) {
      throw new Error(`${name}.${error.message}`, { cause: error });
    }
  }

  #object(type) {
    const properties = {};
    const required = [];
    for (const property of this.checker.getPropertiesOfType(type)) {
      const propertyType = this.checker.getTypeOfSymbol(property);
      if (propertyType.getCallSignatures().length > 0) continue;
      const description = ts.displayPartsToString(property.getDocumentationComment(this.checker));
      const schema = this.#member(property.name, propertyType);
      properties[property.name] = description ? { ...schema, description } : schema;
      const mayBeAbsent =
        property.flags & ts.SymbolFlags.Optional ||
        (propertyType.isUnion() &&
          propertyType.types.some((member) => member.flags & ts.TypeFlags.Undefined));
      if (!mayBeAbsent) required.push(property.name);
    }
    const [index] = this.checker
      .getIndexInfosOfType(type)
      .filter((info) => info.keyType.flags & ts.TypeFlags.String);
    // An object literal's inferred type loses the members a spread record adds: left open.
    const inferred = type.symbol && type.symbol.flags & ts.SymbolFlags.ObjectLiteral;
    return {
      type: 'object',
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(required.length ? { required } : {}),
      ...(index ? { additionalProperties: this.of(index.type) } : {}),
      ...(!index && !inferred ? { additionalProperties: false } : {}),
    };
  }
}

const membersOf = (type) => (type.isUnion() ? type.types : [type]);

/** An answer in the error envelope is an error answer, declared under its own status. */
const isErrorEnvelope = (type) => (type.aliasSymbol ?? type.symbol)?.name === 'ErrorBody';

/** OpenAPI 3.0 writes null as `nullable`; a `$ref` takes no siblings, so it goes in an `allOf`. */
function nullableOf(schema) {
  if (schema.$ref) return { nullable: true, allOf: [schema] };
  if (schema.enum) return { ...schema, enum: [...schema.enum, null], nullable: true };
  return { ...schema, nullable: true };
}

/**
 * `{ answers, schemas }`: by operation id (`Controller_method`), the status and schema of the
 * success answer of each documented route outside the Spree contract (none for an empty answer);
 * and the named schemas those refer to.
 */
export function deriveAnswers(tsconfigPath) {
  const program = programOf(tsconfigPath);
  const checker = program.getTypeChecker();
  const writer = new SchemaWriter(checker);
  const answers = {};
  for (const source of program.getRootFileNames().map((file) => program.getSourceFile(file))) {
    for (const controller of source.statements.filter(ts.isClassDeclaration)) {
      const classDecorators = decorators(controller);
      const route = classDecorators.find(({ name }) => name === 'Controller')?.args[0];
      if (!route || !ts.isStringLiteral(route) || SPREE_CONTRACT.test(route.text)) continue;
      if (classDecorators.some(({ name }) => name === 'ApiExcludeController')) continue;
      for (const method of controller.members.filter(ts.isMethodDeclaration)) {
        const methodDecorators = decorators(method);
        const verb = methodDecorators.find(({ name }) => name in VERB_STATUS)?.name;
        if (!verb || methodDecorators.some(({ name }) => name === 'ApiExcludeEndpoint')) continue;
        const code = methodDecorators.find(({ name }) => name === 'HttpCode')?.args[0];
        const status = code ? checker.getTypeAtLocation(code).value : VERB_STATUS[verb];
        const signature = checker.getSignatureFromDeclaration(method);
        const returned = checker.getAwaitedType(checker.getReturnTypeOfSignature(signature));
        const id = `${controller.name.text}_${method.name.getText(source)}`;
        const empty = returned.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined);
        if (empty && status !== 204) throw new Error(`${id} answers ${status} with no body`);
        const success = membersOf(returned).filter((member) => !isErrorEnvelope(member));
        answers[id] = empty ? { status } : { status, schema: writer.answer(id, success) };
      }
    }
  }
  return { answers: sortedByKey(answers), schemas: sortedByKey(writer.named) };
}

const sortedByKey = (record) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
