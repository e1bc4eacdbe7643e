// A small JSON client over keep-alive `node:http`: lighter than `fetch` on the load generator's
// side, which shares the machine with the service and PostgreSQL.
import http from 'node:http';

export class HttpError extends Error {
  constructor(method, path, status, body) {
    super(`${method} ${path} answered ${status}: ${body.slice(0, 500)}`);
    this.status = status;
  }
}

/**
 * `request(method, path, { headers, json })` resolves to the parsed JSON body (or `undefined`)
 * of a 2xx answer and rejects with an HttpError otherwise. At most `maxSockets` requests are in
 * flight; further ones queue in the agent.
 */
export function jsonClient(baseUrl, { maxSockets = 16 } = {}) {
  const url = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  function request(method, path, { headers = {}, json } = {}) {
    const body = json === undefined ? undefined : Buffer.from(JSON.stringify(json));
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: body
            ? { ...headers, 'content-type': 'application/json', 'content-length': body.length }
            : headers,
        },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode < 200 || res.statusCode > 299) {
              reject(new HttpError(method, path, res.statusCode, text));
              return;
            }
            try {
              resolve(text ? JSON.parse(text) : undefined);
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }
  return { request, close: () => agent.destroy() };
}
