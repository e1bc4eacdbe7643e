// The bare Bull baseline of the events benchmark, run by bench/lib/events.js as a child process:
// a plain `bull` queue consumed with the service's WEBHOOK_CONCURRENCY, each job an HMAC-signed
// POST of its body (signed and sent as the service does: same headers, kept-alive connections) and
// nothing else: no database, no delivery history. What the service's delivery path adds to Bull
// and HTTP is the difference between the two drains.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import Bull from 'bull';

const { REDIS_URL, BARE_QUEUE, BARE_PREFIX, BARE_SECRET, BARE_TARGET, BARE_CONCURRENCY } =
  process.env;
const target = new URL(BARE_TARGET);
const agent = new http.Agent({ keepAlive: true });
const queue = new Bull(BARE_QUEUE, REDIS_URL, { prefix: BARE_PREFIX });

function post(body) {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', BARE_SECRET).update(`${timestamp}.${body}`).digest('hex');
  const bytes = Buffer.from(body, 'utf8');
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': String(bytes.length),
          'user-agent': 'bare-bull/1',
          'x-store-webhook-event': 'order.completed',
          'x-store-webhook-timestamp': String(timestamp),
          'x-store-webhook-signature': signature,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve()
            : reject(new Error(`receiver answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(bytes);
  });
}

void queue.process('*', Number(BARE_CONCURRENCY), (job) => post(job.data.body));
process.on('SIGTERM', () => {
  void queue.close().finally(() => process.exit(0));
});
