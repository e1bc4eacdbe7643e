import 'reflect-metadata';

const LIFECYCLE_MODEL = Symbol('store:lifecycle-model');

/** The lifecycle actions every opted-in model publishes as `<model>.<action>`. */
export type LifecycleAction = 'created' | 'updated' | 'deleted';

/** A class, such as an entity that opted in to lifecycle events. */
export type ModelClass = abstract new (...args: never[]) => object;

/**
 * Opts an entity in to lifecycle events and names its model: `brand` for
 * `@PublishesLifecycleEvents('brand')`, the class name in snake_case without an argument
 * (`StockItem` → `stock_item`). The decorator publishes nothing by itself: the code that changes
 * a record publishes `<model>.created|updated|deleted` in its own transaction with
 * `ModelEvents.created|updated|deleted(scope, record)`, which takes the model name from here, and
 * the payload is the output of the serializer named after the model (`brand` → `BrandSerializer`).
 */
export function PublishesLifecycleEvents(model?: string): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(LIFECYCLE_MODEL, model ?? snakeCase(target.name), target);
  };
}

/** The lifecycle model name of an opted-in entity class, if it opted in. */
export function lifecycleModelOf(target: unknown): string | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getOwnMetadata(LIFECYCLE_MODEL, target) as string | undefined;
}

/** `StockItem` → `stock_item` */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** `stock_item` → `StockItem` */
export function pascalCase(model: string): string {
  return model
    .split('_')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}
