import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../../common/errors/error-codes.js';

interface ClientFault {
  status: number;
  code: ErrorCode;
  message: string;
}

/** What Node's HTTP parser refused, in the contract's words. */
function faultOf(error: NodeJS.ErrnoException): ClientFault {
  if (error.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      code: 'request_too_large',
      message: 'The request headers exceed the size limit',
    };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, code: 'invalid_request', message: 'The request did not arrive in time' };
  return { status: 400, code: 'invalid_request', message: 'The request is not well-formed HTTP' };
}

/**
 * Answers a request Node's HTTP parser refused before Fastify saw it (oversized headers, broken
 * framing, control characters in the request line) in the error envelope, with a request id,
 * then closes the connection: after a framing error nothing more on it can be trusted.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const { status, code, message } = faultOf(error);
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `X-Request-Id: ${randomUUID()}`,
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  }
  socket.destroy(error);
}
