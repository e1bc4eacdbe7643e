import { connect } from 'node:net';
import { expectError } from '../helpers/error-envelope.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** Sends bytes as they are on a fresh connection and reads the answer until the server closes. */
function sendRaw(baseUrl: string, request: string, { halfClose = false } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => {
          const at = line.indexOf(':');
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
        }),
      );
      let body: unknown;
      try {
        body = JSON.parse(rest.join('\r\n\r\n'));
      } catch {
        body = rest.join('\r\n\r\n');
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
    socket.write(request, () => {
      if (halfClose) socket.end();
    });
  });
}

/** The envelope as `expectError` checks it, from a raw answer. */
const asResponse = (answer: RawAnswer) => ({
  status: answer.status,
  body: answer.body,
  text: JSON.stringify(answer.body),
  headers: new Headers(answer.headers),
});

describe('answers given at the HTTP level, before any route', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('oversized headers → 431 in the envelope (request_too_large)', async () => {
    const answer = await sendRaw(
      t.http.baseUrl,
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(64 * 1024)}\r\n\r\n`,
    );
    expectError(asResponse(answer), 431, 'request_too_large');
  });

  it.each([
    [
      'a non-numeric Content-Length',
      'POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
    ],
    [
      'Content-Length beside Transfer-Encoding',
      'POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['a control character in the request line', 'GET /he\x01alth HTTP/1.1\r\nHost: x\r\n\r\n'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n'],
    ['a header without a colon', 'GET /health HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n'],
  ])('%s → 400 invalid_request in the envelope', async (_, request) => {
    const answer = await sendRaw(t.http.baseUrl, request);
    expectError(asResponse(answer), 400, 'invalid_request');
  });

  it('a body shorter than its Content-Length → 400 invalid_request in the envelope', async () => {
    const answer = await sendRaw(
      t.http.baseUrl,
      'POST /api/v3/store/carts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"a":1}',
      { halfClose: true },
    );
    expectError(asResponse(answer), 400, 'invalid_request');
  });

  it('an unknown path → 404 and a known path with the wrong method → 404, both in the envelope', async () => {
    expectError(await t.http.request('GET', '/no/such/route'), 404, 'record_not_found');
    expectError(await t.http.request('PUT', '/health'), 404, 'record_not_found');
  });
});
