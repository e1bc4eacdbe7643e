import { getMetadataStorage } from 'class-validator';

type RulesLookup = ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas'];
type Rules = ReturnType<RulesLookup>;

const REMEMBERING = Symbol('store:remembers-validation-rules');

/**
 * Has class-validator remember the rules it finds for a class. For every object it validates it
 * looks them up afresh, testing the class against every class that has rules (`instanceof`
 * each, inheritance included), which costs more than checking a small body. Rules are added by
 * decorators as classes are defined, so the answer for a class only changes when a rule is added:
 * every answer is forgotten then. Answers are the lookup's own arrays, shared: class-validator
 * only reads them.
 */
export function rememberValidationRules(): void {
  const storage = getMetadataStorage() as ReturnType<typeof getMetadataStorage> & {
    [REMEMBERING]?: true;
  };
  if (storage[REMEMBERING]) return;
  storage[REMEMBERING] = true;
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let remembered = new Map<Parameters<RulesLookup>[0], Map<string, Rules>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const options = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups?.join('\u0000') ?? ''}`;
    let ofTarget = remembered.get(target);
    if (!ofTarget) remembered.set(target, (ofTarget = new Map()));
    let rules = ofTarget.get(options);
    if (!rules) {
      rules = lookUp(target, schema, always, strictGroups, groups);
      ofTarget.set(options, rules);
    }
    return rules;
  };
  storage.addValidationMetadata = (metadata) => {
    remembered = new Map();
    addRule(metadata);
  };
}
