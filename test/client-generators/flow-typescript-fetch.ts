/**
 * The flow of test/client-generators.e2e.spec.ts with the client openapi-generator's
 * `typescript-fetch` target wrote (its folder in GENERATED_DIR). Prints one JSON object of what it saw.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Generated = any;

async function errorOf(generated: Generated, call: () => Promise<unknown>) {
  try {
    await call();
  } catch (caught) {
    if (!(caught instanceof generated.ResponseError)) throw caught;
    const err = caught as Generated;
    const body = await err.response.json();
    return { status: err.response.status, code: body.error.code, details: body.error.details };
  }
  return null;
}

async function main(): Promise<void> {
  const generated: Generated = await import(path.join(process.env.GENERATED_DIR!, 'index.ts'));
  const config = new generated.Configuration({
    basePath: process.env.VIDGEN_BASE_URL,
    apiKey: process.env.VIDGEN_API_KEY,
  });
  const videos = new generated.VideosApi(config);
  const assets = new generated.AssetsApi(config);
  const seen: Record<string, unknown> = {};

  const created = await videos.videosCreate({
    createVideoDto: {
      prompt: 'A lighthouse at night. Its beam sweeps the sea.',
      sceneCount: 1,
      autoApprove: true,
    },
  });
  const deadline = Date.now() + 480_000;
  let video = await videos.videosGet({ id: created.id });
  while (!['completed', 'failed'].includes(video.status) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    video = await videos.videosGet({ id: created.id });
  }
  seen.created_status = created.status;
  seen.final_status = video.status;
  seen.failure_reason = video.failureReason;
  seen.video_url = video.videoUrl;

  for (const prompt of ['First of a list.', 'Second of a list.']) {
    await videos.videosCreate({ createVideoDto: { prompt, sceneCount: 1 } });
  }
  const first = await videos.videosList({ limit: 1 });
  const second = await videos.videosList({ limit: 1, cursor: first.nextCursor });
  seen.pages = [first.data.map((v: { id: string }) => v.id), second.data.map((v: { id: string }) => v.id)];

  const png = readFileSync(process.env.VIDGEN_PNG_PATH!);
  const asset = await assets.assetsCreate({ file: new Blob([new Uint8Array(png)], { type: 'image/png' }) });
  seen.upload = { type: asset.type, bytes: asset.bytes };

  seen.not_found = await errorOf(generated, () =>
    videos.videosGet({ id: '00000000-0000-4000-8000-000000000000' }),
  );
  seen.invalid = await errorOf(generated, () =>
    videos.videosCreate({ createVideoDto: { prompt: 'x', sceneCount: 99 } }),
  );
  process.stdout.write(JSON.stringify(seen));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.stack : err);
  process.exit(1);
});
