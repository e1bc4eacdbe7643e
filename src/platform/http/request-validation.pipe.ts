import {
  type ArgumentMetadata,
  Injectable,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { StoreError } from '../../common/errors/store-error.js';
import { bodyShapeRefusals, withoutFields } from './json-body/body-shape.js';
import { jsonBodyOf } from './json-body/pending-json-body.js';
import { rememberValidationRules } from './validation-rules-lookup.js';

type FieldErrors = Record<string, string[]>;

/** Flattens nested class-validator errors into `{ "field.path": ["message", ...] }`. */
export function fieldErrors(errors: ValidationError[], parent = ''): FieldErrors {
  const result: FieldErrors = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    if (error.constraints) {
      // Any rule failing on an absent value means the field is required: say that, once.
      result[path] =
        error.value === undefined ? [`${path} is required`] : Object.values(error.constraints);
    }
    Object.assign(result, fieldErrors(error.children ?? [], path));
  }
  return result;
}

function isMissing(error: ValidationError): boolean {
  return error.value === undefined && !error.children?.length;
}

/**
 * Validates and transforms every DTO. A bad body is a 422 `validation_error` with per-field
 * details; a bad query or path parameter is a 400 (`parameter_missing` or `parameter_invalid`).
 */
@Injectable()
export class RequestValidationPipe extends ValidationPipe {
  constructor() {
    super({
      transform: true,
      whitelist: true,
      forbidUnknownValues: false,
      stopAtFirstError: false,
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new InvalidInput(errors),
    });
    rememberValidationRules();
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body') value = jsonBodyOf(value);
    if (metadata.type !== 'body' || !this.toValidate(metadata))
      return this.validateAs(value, metadata, {});
    if (value === undefined) value = {};
    if (!this.isPlainObject(value))
      throw new StoreError('invalid_request', 'The request body must be a JSON object');
    // Fields of a shape the class rules out are refused as they are, without walking them; the
    // rest of the body is validated all the same, so that every bad field is named at once.
    const refused = bodyShapeRefusals(value, metadata.metatype as new () => object);
    const fields = Object.keys(refused);
    const checked = fields.length > 0 ? withoutFields(value, fields) : value;
    const transformed = await this.validateAs(checked, metadata, refused);
    if (fields.length > 0)
      throw new StoreError('validation_error', 'The request failed validation', refused);
    return transformed;
  }

  /** Validates and transforms; `refused`: fields already refused, named with the others. */
  private async validateAs(
    value: unknown,
    metadata: ArgumentMetadata,
    refused: Record<string, string[]>,
  ): Promise<unknown> {
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      const details = fieldErrors(error.errors);
      if (metadata.type === 'body')
        throw new StoreError('validation_error', 'The request failed validation', {
          ...details,
          ...refused,
        });
      const code = error.errors.every(isMissing) ? 'parameter_missing' : 'parameter_invalid';
      const names = Object.keys(details).join(', ');
      throw new StoreError(
        code,
        `${code === 'parameter_missing' ? 'Missing' : 'Invalid'} parameter: ${names}`,
        details,
      );
    }
  }

  private isPlainObject(value: unknown): boolean {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  }
}

class InvalidInput extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('invalid input');
  }
}
