/**
 * The baseline of bench/api.ts: a bare Fastify + pg server answering the api's three measured
 * routes with the same single queries on the same database — no framework, auth, rate limit,
 * logging, metrics or URL signing. Whatever the real api costs beyond this is the price of
 * those. Started as its own process by bench/api.ts, like the api:
 *
 *   BARE_DATABASE_URL=… BARE_ACCOUNT_ID=… BARE_PORT=… node -r @swc-node/register bench/bare-server.ts
 */
import Fastify from 'fastify';
import pg from 'pg';

const COLUMNS = `id, account_id, prompt, status, stage, awaiting_approval, scene_count, options,
  failure_reason, credits_charged, credits_refunded, video_asset_id, audio_asset_id,
  thumbnail_asset_id, subtitles_asset_id, created_at, updated_at`;

const accountId = process.env.BARE_ACCOUNT_ID!;
// The api's pool size (libs/db createDb), so neither side has more connections to spend.
const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/videos/:id', async (req, reply) => {
  const { rows } = await pool.query(
    `select ${COLUMNS} from videos where account_id = $1 and id = $2 and deleted_at is null`,
    [accountId, req.params.id],
  );
  if (!rows[0]) return reply.code(404).send({ error: 'not found' });
  return rows[0];
});

app.get<{ Querystring: { limit?: string } }>('/videos', async (req) => {
  const limit = Math.min(100, Number(req.query.limit ?? 20));
  const { rows } = await pool.query(
    `select ${COLUMNS} from videos where account_id = $1 and deleted_at is null
     order by created_at desc, id desc limit $2`,
    [accountId, limit + 1],
  );
  return { items: rows.slice(0, limit), next_cursor: null };
});

app.post<{ Body: { prompt: string } }>('/videos', async (req, reply) => {
  const { rows } = await pool.query(
    `insert into videos (account_id, prompt, scene_count, options, updated_at)
     values ($1, $2, 3, $3, now()) returning ${COLUMNS}`,
    [accountId, req.body.prompt, JSON.stringify({ auto_approve: false })],
  );
  return reply.code(201).send(rows[0]);
});

app.listen({ port: Number(process.env.BARE_PORT), host: '127.0.0.1' }).then(
  () => console.log('listening'),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
