import { Agent, request as httpRequest } from 'node:http';

/** Connections kept open between requests, as a browser or SDK keeps them. */
const agent = new Agent({ keepAlive: true });

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    // Framed by its length whatever the method (node:http would chunk only some methods' bodies).
    const framed =
      body === undefined
        ? headers
        : { 'content-length': String(Buffer.byteLength(body)), ...headers };
    const req = httpRequest(url, { method, headers: framed, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const received = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          received.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        }
        resolve({
          status: res.statusCode!,
          headers: received,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Serialized as JSON unless `raw` is given. */
  json?: unknown;
  /** Sent as is, with whatever content type `headers` names. */
  raw?: string | Buffer;
}

/**
 * A thin HTTP client (node:http, kept-alive connections: cheaper than `fetch` for the suite's
 * tens of thousands of requests) that returns status, headers and the parsed JSON body.
 */
export class HttpClient {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Buffer | undefined = options.raw;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const {
      status,
      headers: received,
      text,
    } = await send(new URL(`${this.baseUrl}${path}`), method, headers, body);
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status, headers: received, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json, headers });
  }
}
