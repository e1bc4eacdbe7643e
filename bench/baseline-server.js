// The floor to compare the service against: bare Fastify and a pg pool, one primary-key read.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get('/health', async () => ({ ok: true }));

app.get('/products/:id', async (request, reply) => {
  const { rows } = await pool.query('SELECT * FROM products WHERE id = $1', [request.params.id]);
  if (rows.length === 0) return reply.code(404).send({ error: 'not_found' });
  return rows[0];
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    await app.close();
    await pool.end();
    process.exit(0);
  });
}

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
