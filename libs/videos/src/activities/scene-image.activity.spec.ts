import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { AssetIntake, AssetStorage, MediaVerifier } from '@vidgen/assets';
import { createStockProvider, resolveFfmpeg } from '@vidgen/media';
import { makeCertificates, type TestCertificates } from '@vidgen/stack-harness';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type StockStandIn, startStockStandIn } from '../../../../test/support/stock-stand-in';
import {
  activityEnv,
  aScene,
  aVideo,
  fakeAssets,
  fakeVideos,
  NO_FAULT,
  sceneId,
  VIDEO_ID,
} from '../../test/support/activity-fakes';
import { videoOptions } from '../video.types';
import { createMediaStep } from './media-step';
import { createSceneImageActivity, stockBudgetMs } from './scene-image.activity';

const KEY = 'stand-in-key';
/** The activity's start-to-close timeout in these tests: half of it (3 s) is the stock pick's. */
const TIMEOUT_MS = 6_000;
const BUDGET_MS = TIMEOUT_MS / 2;

/**
 * The scene image activity over fake repositories, with the real stock path: the Pexels
 * stand-in over HTTPS, the import rules' download and ffmpeg's decode. The drawn picture is a
 * stand-in that writes a file and says it was asked.
 */
describe('scene image activity with a stock library', () => {
  const ffmpeg = resolveFfmpeg();
  let certs: TestCertificates;
  let stand: StockStandIn;
  let dir: string;
  let clip: Buffer;
  let slowClip: Buffer;

  beforeAll(async () => {
    certs = makeCertificates();
    // This process trusts the test CA the way the worker trusts it through NODE_EXTRA_CA_CERTS.
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), readFileSync(certs.caPath, 'utf8')]);
    stand = await startStockStandIn({ key: KEY, clips: [4], photos: 0, tls: certs });
    clip = stand.items[0]!.bytes;
    dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-scene-stock-'));
    // Five minutes of 1080p that take far longer than the budget to decode: two seconds
    // encoded, repeated by copying.
    const still = path.join(dir, 'still.mp4');
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:size=1920x1080:rate=50:duration=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '1000', still],
    ]);
    const slow = path.join(dir, 'slow.mp4');
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-stream_loop', '149', '-i', still, '-c', 'copy', slow]);
    slowClip = readFileSync(slow);
  });
  afterEach(() => {
    stand.stall = null;
    stand.down = false;
    stand.stalled.length = 0;
    Object.assign(stand.items[0]!, { bytes: clip, seconds: 4 });
  });
  afterAll(async () => {
    await stand?.close();
    certs?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  function setup(attempt = 1) {
    const v = fakeVideos(aVideo({ options: videoOptions({ aspect_ratio: '16:9', visuals: 'stock' }) }), [
      aScene(1, { narrationSeconds: 2 }),
    ]);
    const a = fakeAssets();
    const drawn: string[] = [];
    const providers = {
      image: {
        generateImage: async (_input: unknown, outPath: string) => {
          drawn.push(outPath);
          await writeFile(outPath, 'png');
          return {
            path: outPath,
            mimeType: 'image/png',
            width: 1280,
            height: 720,
            depicts: [],
            attribution: [],
          };
        },
      },
    };
    const intake = new AssetIntake(
      new AssetStorage(dir),
      new MediaVerifier(ffmpeg, {
        timeoutMs: 60_000,
        concurrency: 1,
        videoTimeoutMs: 300_000,
        video: { maxSeconds: 600, maxSide: 4096 },
      }),
      {
        maxBytes: 50_000_000,
        import: { timeoutMs: 60_000, maxRedirects: 3, allowPrivateNetworks: true },
      },
    );
    const provider = createStockProvider(
      { provider: 'pexels', apiKey: KEY, baseUrl: stand.baseUrl },
      { timeoutSeconds: 60 },
    )!;
    const { generateSceneImage } = createSceneImageActivity({
      videos: v.videos,
      providers,
      runStep: createMediaStep({ videos: v.videos, assets: a.assets, storage: a.storage }),
      stock: { provider, intake },
    });
    const run = async () => {
      const started = Date.now();
      await activityEnv({ attempt, startToCloseTimeoutMs: TIMEOUT_MS }).run(generateSceneImage, {
        videoId: VIDEO_ID,
        sceneId: sceneId(1),
        run: 1,
        fault: NO_FAULT,
      });
      return Date.now() - started;
    };
    const made = () => v.events.find((e) => e.type === 'scene_image_generated')?.data;
    return { run, made, drawn };
  }

  /** The ffmpeg processes this test process started that are still there. */
  const ffmpegChildren = () =>
    execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(ffmpeg));

  it('shows the stock clip when the library gives one in time', async () => {
    const s = setup();
    await s.run();
    expect(s.made()).toMatchObject({ visual: 'stock_video', stock_item: 'pexels:video:1000' });
    expect(s.drawn).toEqual([]);
  });

  it.each(['searches', 'downloads'] as const)(
    'draws the picture within the budget when the library hangs its %s, and closes their connections',
    async (stall) => {
      stand.stall = stall;
      const s = setup();
      const took = await s.run();
      expect(s.made()).toMatchObject({
        visual: 'generated',
        stock_fallback: 'the stock library gave nothing usable within 3 s',
      });
      expect(s.drawn).toHaveLength(1);
      expect(took).toBeGreaterThanOrEqual(BUDGET_MS - 100);
      expect(took).toBeLessThan(BUDGET_MS + 2_000);
      expect(stand.stalled.length).toBeGreaterThan(0);
      await vi.waitFor(() => expect(stand.stalled.every((r) => r.closed)).toBe(true), { timeout: 2_000 });
    },
  );

  it('draws the picture within the budget when a clip decodes longer, and leaves no ffmpeg behind', async () => {
    Object.assign(stand.items[0]!, { bytes: slowClip, seconds: 300 });
    const s = setup();
    const took = await s.run();
    expect(s.made()).toMatchObject({
      visual: 'generated',
      stock_fallback: 'the stock library gave nothing usable within 3 s',
    });
    expect(took).toBeLessThan(BUDGET_MS + 2_000);
    expect(ffmpegChildren()).toEqual([]);
  });

  it('tells the event log what failed on the last attempt, not what the library answered', async () => {
    stand.down = true;
    const s = setup(3);
    await s.run();
    expect(s.made()).toMatchObject({
      visual: 'generated',
      stock_fallback: 'the stock library answered HTTP 503',
    });
  });

  it("gives the stock pick half the activity's timeout, less the time already spent", () => {
    expect(stockBudgetMs(180_000, 1_000, 6_000)).toBe(85_000);
    expect(stockBudgetMs(180_000, 1_000, 200_000)).toBe(0);
  });
});
