/** Why a connection to a server failed, in a few words, and whether waiting could mend it. */
export interface ConnectionFailure {
  reason: string;
  permanent: boolean;
}

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
};

/** PostgreSQL's refusals at connection that no retry changes: no such database, bad credentials. */
const PERMANENT_POSTGRES_CODES = new Set(['3D000', '28000', '28P01']);

const TIMEOUT = /timed? ?out|ETIMEDOUT/i;
const CLOSED = /connection (is closed|terminated unexpectedly)/i;

/**
 * Describes an error of `pg`, ioredis or fetch met while connecting. A Redis reply error at
 * connection (refused credentials, no such database index) is permanent, as are PostgreSQL's
 * refusals above; network errors and timeouts may pass (a server still starting).
 */
export function connectionFailure(error: unknown, timeoutMs: number): ConnectionFailure {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  const fields = (cause ?? error) as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const message = typeof fields.message === 'string' ? fields.message.split('\n')[0]! : '';
  if (code && PERMANENT_POSTGRES_CODES.has(code)) return { reason: message, permanent: true };
  if (fields.name === 'ReplyError') return { reason: message, permanent: true };
  if (code && NETWORK_REASONS[code]) return { reason: NETWORK_REASONS[code], permanent: false };
  if (fields.name === 'TimeoutError' || TIMEOUT.test(message) || TIMEOUT.test(code ?? ''))
    return { reason: `no answer within ${timeoutMs} ms`, permanent: false };
  if (CLOSED.test(message)) return { reason: 'connection closed by the server', permanent: false };
  return { reason: message || String(error), permanent: false };
}
