import {
  type ArgumentMetadata,
  Injectable,
  ValidationPipe,
  type ValidationError,
} from '@nestjs/common';
import { StoreError } from '../../common/errors/store-error.js';
import { checkBodyShape } from './json-body/body-shape.js';
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
    if (metadata.type === 'body' && this.toValidate(metadata)) {
      if (value === undefined) value = {};
      if (!this.isPlainObject(value))
        throw new StoreError('invalid_request', 'The request body must be a JSON object');
      checkBodyShape(value, metadata.metatype as new () => object);
    }
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      const details = fieldErrors(error.errors);
      if (metadata.type === 'body')
        throw new StoreError('validation_error', 'The request failed validation', details);
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
