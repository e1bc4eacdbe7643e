/**
 * Checks a response body against the JSON:API 1.x document rules a client relies on: the
 * top-level members, resource objects and their linkage, and compound documents (`included`).
 * Answers the problems found, each naming where in the body it is; none means the body is valid.
 */
export function jsonApiDocumentProblems(body: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(body)) return ['$: a document is a JSON object'];

  const members = Object.keys(body);
  for (const member of members) {
    if (!TOP_LEVEL_MEMBERS.has(member)) problems.push(`$.${member}: not a top-level member`);
  }
  const has = (member: string) => Object.hasOwn(body, member);
  if (!has('data') && !has('errors') && !has('meta'))
    problems.push('$: a document holds at least one of data, errors, meta');
  if (has('data') && has('errors')) problems.push('$: data and errors never coexist');
  if (has('included') && !has('data')) problems.push('$.included: only with data');
  for (const member of ['meta', 'links', 'jsonapi']) {
    if (has(member) && !isObject(body[member])) problems.push(`$.${member}: not an object`);
  }
  if (has('errors') && !Array.isArray(body.errors)) problems.push('$.errors: not an array');

  const primary: Located[] = [];
  if (has('data')) {
    const { data } = body;
    if (Array.isArray(data)) data.forEach((item, i) => primary.push({ at: `$.data[${i}]`, item }));
    else if (data !== null) primary.push({ at: '$.data', item: data });
  }
  const included: Located[] = [];
  if (has('included')) {
    if (Array.isArray(body.included))
      body.included.forEach((item, i) => included.push({ at: `$.included[${i}]`, item }));
    else problems.push('$.included: not an array');
  }

  const resourcesOf = (located: Located[], isPrimary: boolean) =>
    located.flatMap(({ at, item }) => {
      const resource = resourceObjectOf(at, item, problems);
      return resource ? [{ ...resource, primary: isPrimary }] : [];
    });
  const resources = [...resourcesOf(primary, true), ...resourcesOf(included, false)];
  problems.push(...duplicateProblems(resources));
  problems.push(...linkageProblems(resources));
  return problems;
}

const TOP_LEVEL_MEMBERS = new Set(['data', 'errors', 'meta', 'links', 'jsonapi', 'included']);
const RESOURCE_MEMBERS = new Set(['type', 'id', 'attributes', 'relationships', 'links', 'meta']);
const IDENTIFIER_MEMBERS = new Set(['type', 'id', 'meta']);
const RELATIONSHIP_MEMBERS = new Set(['data', 'links', 'meta']);
/** Names no attribute or relationship may take: they would clash with the object's own members. */
const RESERVED_FIELDS = new Set(['type', 'id']);

interface Located {
  at: string;
  item: unknown;
}

interface Identifier {
  type: string;
  id: string;
}

/** A resource object that passed its own checks, with the identifiers its relationships hold. */
interface Resource extends Identifier {
  at: string;
  primary?: boolean;
  links: { at: string; identifier: Identifier }[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const keyOf = ({ type, id }: Identifier) => `${type}\u0000${id}`;

function hasTypeAndId(at: string, item: Record<string, unknown>, problems: string[]): boolean {
  let valid = true;
  for (const member of ['type', 'id']) {
    if (typeof item[member] !== 'string' || item[member] === '') {
      problems.push(`${at}.${member}: not a non-empty string`);
      valid = false;
    }
  }
  return valid;
}

function resourceObjectOf(at: string, item: unknown, problems: string[]): Resource | undefined {
  if (!isObject(item)) {
    problems.push(`${at}: a resource object is a JSON object`);
    return undefined;
  }
  for (const member of Object.keys(item)) {
    if (!RESOURCE_MEMBERS.has(member)) problems.push(`${at}.${member}: not a resource member`);
  }
  const identified = hasTypeAndId(at, item, problems);

  const attributes = item.attributes;
  if (!isObject(attributes)) problems.push(`${at}.attributes: not an object`);
  else {
    for (const name of Object.keys(attributes)) {
      if (RESERVED_FIELDS.has(name)) problems.push(`${at}.attributes.${name}: reserved name`);
    }
  }

  const links: Resource['links'] = [];
  if (Object.hasOwn(item, 'relationships')) {
    const relationships = item.relationships;
    if (!isObject(relationships)) problems.push(`${at}.relationships: not an object`);
    else {
      for (const [name, relationship] of Object.entries(relationships)) {
        const where = `${at}.relationships.${name}`;
        if (RESERVED_FIELDS.has(name)) problems.push(`${where}: reserved name`);
        if (isObject(attributes) && Object.hasOwn(attributes, name))
          problems.push(`${where}: also an attribute (fields share one namespace)`);
        links.push(...relationshipIdentifiers(where, relationship, problems));
      }
    }
  }
  if (!identified) return undefined;
  return { at, type: item.type as string, id: item.id as string, links };
}

function relationshipIdentifiers(
  at: string,
  relationship: unknown,
  problems: string[],
): Resource['links'] {
  if (!isObject(relationship)) {
    problems.push(`${at}: a relationship is a JSON object`);
    return [];
  }
  for (const member of Object.keys(relationship)) {
    if (!RELATIONSHIP_MEMBERS.has(member))
      problems.push(`${at}.${member}: not a relationship member`);
  }
  if (!Object.hasOwn(relationship, 'data')) {
    problems.push(`${at}.data: missing (resource linkage)`);
    return [];
  }
  const { data } = relationship;
  if (data === null) return [];
  const located: Located[] = Array.isArray(data)
    ? data.map((item, i) => ({ at: `${at}.data[${i}]`, item }))
    : [{ at: `${at}.data`, item: data }];
  return located.flatMap(({ at: where, item }) => {
    if (!isObject(item)) {
      problems.push(`${where}: a resource identifier is a JSON object`);
      return [];
    }
    for (const member of Object.keys(item)) {
      if (!IDENTIFIER_MEMBERS.has(member))
        problems.push(`${where}.${member}: not a resource identifier member`);
    }
    if (!hasTypeAndId(where, item, problems)) return [];
    return [{ at: where, identifier: { type: item.type as string, id: item.id as string } }];
  });
}

function duplicateProblems(resources: Resource[]): string[] {
  const first = new Map<string, string>();
  const problems: string[] = [];
  for (const resource of resources) {
    const key = keyOf(resource);
    const earlier = first.get(key);
    if (earlier)
      problems.push(`${resource.at}: ${resource.type} ${resource.id} is also ${earlier}`);
    else first.set(key, resource.at);
  }
  return problems;
}

/**
 * Full linkage: every included resource is reached from primary data through relationships; and
 * an identifier naming an id the document holds names it with that resource's exact type.
 */
function linkageProblems(resources: Resource[]): string[] {
  const problems: string[] = [];
  const byKey = new Map(resources.map((resource) => [keyOf(resource), resource]));
  const typesById = new Map<string, string[]>();
  for (const { type, id } of resources) typesById.set(id, [...(typesById.get(id) ?? []), type]);

  for (const resource of resources) {
    for (const { at, identifier } of resource.links) {
      if (byKey.has(keyOf(identifier))) continue;
      const holders = typesById.get(identifier.id);
      if (holders)
        problems.push(
          `${at}: names ${identifier.type} ${identifier.id}, but the document holds ${identifier.id} as ${holders.join(', ')}`,
        );
    }
  }

  const reached = new Set<string>();
  const pending = resources.filter((resource) => resource.primary);
  pending.forEach((resource) => reached.add(keyOf(resource)));
  while (pending.length > 0) {
    for (const { identifier } of pending.pop()!.links) {
      const key = keyOf(identifier);
      const target = byKey.get(key);
      if (target && !reached.has(key)) {
        reached.add(key);
        pending.push(target);
      }
    }
  }
  for (const resource of resources) {
    if (!resource.primary && !reached.has(keyOf(resource)))
      problems.push(`${resource.at}: ${resource.type} ${resource.id} is not reached from data`);
  }
  return problems;
}
