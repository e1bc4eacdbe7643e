import { ApiResponse } from '@nestjs/swagger';

/** The route answers 202 `{ message }`: a request taken, whatever it names (mail requests). */
export const ApiMessageAnswer = (description: string) =>
  ApiResponse({
    status: 202,
    description,
    schema: {
      type: 'object',
      required: ['message'],
      properties: { message: { type: 'string' } },
    },
  });
