import path from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { heartbeating } from '@vidgen/activity-kit';
import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import {
  DRAFT_OUTPUT,
  type FfmpegRenderer,
  frameSize,
  type RenderOutput,
  type Soundtrack,
} from '@vidgen/media';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository, WorkflowVideo } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import type { MediaStep, RunMediaStep } from './media-step';
import { pieceCpuYield, renderBrand, renderMusic, renderScenes, renderStyle } from './render-inputs';
import { soundtrackFileNames } from './soundtrack.activity';
import { loadVideo } from './video-loader';

export interface RenderDeps {
  videos: Pick<VideoRepository, 'scenes' | 'events' | 'findForWorkflow' | 'previews'>;
  assets: Pick<AssetRepository, 'find'>;
  storage: Pick<AssetStorage, 'localCopy' | 'scratchDir' | 'videoKey' | 'remove'>;
  renderer: Pick<FfmpegRenderer, 'render' | 'join'>;
  runStep: RunMediaStep;
}

type FinalStep = MediaStep<WorkflowVideo, RenderOutput>;

/**
 * Rendering's final step: the MP4, its narration track and a thumbnail. `render` makes them in
 * one activity (workflows started before render segments); `joinSegments` from the segments
 * that renderSegment stored for the run.
 */
export function createRenderActivity(deps: RenderDeps): Pick<VideoActivities, 'render' | 'joinSegments'> {
  const { videos, storage, renderer, runStep } = deps;

  /**
   * A draft's join: its MP4 alone becomes the video's preview, if the draft is still the one
   * rendering (an edit since made it stale: the file is kept, the record says stale).
   */
  function draftStep(input: { videoId: string; draft: string }, make: FinalStep['make']): FinalStep {
    const { draft } = input;
    const ctx = Context.current();
    return {
      videoId: input.videoId,
      load: async (video) => video,
      workDir: (video) => storage.scratchDir(video.accountId, video.id, `draft-${draft}-${ctx.info.attempt}`),
      make,
      files: (out, video) => [
        {
          source: out.videoPath,
          name: `draft-${draft}.mp4`,
          type: 'video',
          mimeType: 'video/mp4',
          ...frameSize(video.options.aspect_ratio, DRAFT_OUTPUT.resolution),
          durationSeconds: out.durationSeconds,
        },
      ],
      stale: (video, trx) =>
        videos.events.has(video.accountId, video.id, eventKeys.gate.rendered(draft), trx),
      record: async (video, out, [v], trx) => {
        const ready = await videos.previews.finish(video.accountId, video.id, draft, { assetId: v!.id }, trx);
        return {
          key: eventKeys.gate.rendered(draft),
          type: 'draft_rendered',
          data: { duration_seconds: out.durationSeconds, asset_id: v!.id, ready },
        };
      },
    };
  }

  /** Everything of the step but how the files are made. */
  function finalStep(
    input: { videoId: string; run: number; fault: Parameters<VideoActivities['render']>[0]['fault'] },
    name: string,
    make: FinalStep['make'],
  ): FinalStep {
    const ctx = Context.current();
    return {
      videoId: input.videoId,
      load: async (video) => (video.videoAssetId ? undefined : video),
      fault: () => ({ stage: 'rendering', fault: input.fault }),
      // Inside the video's folder: with the local driver the outputs move into storage by a rename.
      workDir: (video) =>
        storage.scratchDir(video.accountId, video.id, `${name}-${input.run}-${ctx.info.attempt}`),
      make,
      files: (out, video) => {
        const { width, height } = frameSize(video.options.aspect_ratio, video.options.output.resolution);
        return [
          {
            source: out.videoPath,
            name: 'video.mp4',
            type: 'video',
            mimeType: 'video/mp4',
            width,
            height,
            durationSeconds: out.durationSeconds,
          },
          {
            source: out.audioPath,
            name: 'narration.m4a',
            type: 'audio',
            mimeType: 'audio/mp4',
            durationSeconds: out.durationSeconds,
          },
          {
            source: out.thumbnailPath,
            name: 'thumbnail.jpg',
            type: 'thumbnail',
            mimeType: 'image/jpeg',
            width,
            height,
          },
        ];
      },
      // An attempt that outlived its heartbeat finds the video rendered by another: it keeps nothing.
      stale: (video, trx) =>
        videos.events.has(video.accountId, video.id, eventKeys.run.rendered(input.run), trx),
      record: async (_video, out, [v, a, t]) => ({
        key: eventKeys.run.rendered(input.run),
        type: 'rendered',
        stage: 'rendering',
        data: { duration_seconds: out.durationSeconds, video_asset_id: v!.id },
        set: { video_asset_id: v!.id, audio_asset_id: a!.id, thumbnail_asset_id: t!.id },
      }),
    };
  }

  /** Heartbeats carry progress; the timer keeps them flowing while ffmpeg starts up. */
  async function withProgress(fn: (onProgress: (f: number) => void) => Promise<void>): Promise<void> {
    let progress = 0;
    const onProgress = (f: number) => {
      progress = f;
    };
    await heartbeating(() => fn(onProgress), { atOnce: false, details: () => ({ progress }) });
  }

  /** The storage key of the run's segment of each scene, as renderSegment recorded it. */
  async function segmentFiles(
    video: WorkflowVideo,
    run: number | { draft: string },
    sceneIds: string[],
    opts: { optional?: boolean } = {},
  ): Promise<string[]> {
    const keyOf = (id: string) =>
      typeof run === 'number' ? eventKeys.run.segment(run, id) : eventKeys.gate.segment(run.draft, id);
    return Promise.all(
      sceneIds.map(async (id, i) => {
        const data = await videos.events.data(video.accountId, video.id, keyOf(id));
        if (typeof data?.file !== 'string') {
          if (opts.optional) return '';
          throw ApplicationFailure.retryable(`Scene ${i + 1} has no rendered segment yet`, 'INVALID_INPUT');
        }
        return storage.videoKey(video.accountId, video.id, data.file);
      }),
    );
  }

  /**
   * The run's soundtrack as mixSoundtrack recorded it, fetched into `dir`; null when the run has
   * none (a run started before the soundtrack was its own step: the join mixes it).
   */
  async function soundtrackOf(video: WorkflowVideo, run: number, dir: string): Promise<Soundtrack | null> {
    const data = await videos.events.data(video.accountId, video.id, eventKeys.run.soundtrack(run));
    const files = [data?.mix, data?.narration, data?.thumbnail];
    if (!files.every((f): f is string => typeof f === 'string')) return null;
    const [mixPath, narrationPath, thumbnailPath] = await Promise.all(
      files.map((f) => storage.localCopy(storage.videoKey(video.accountId, video.id, f), dir)),
    );
    return { mixPath: mixPath!, narrationPath: narrationPath!, thumbnailPath: thumbnailPath! };
  }

  return {
    async render(raw) {
      const input = parseInput(schemas.videoWork, raw);
      await withProgress((onProgress) =>
        runStep(
          finalStep(input, 'render', async (video, outDir, signal) =>
            renderer.render(
              {
                scenes: await renderScenes(deps, video, outDir),
                aspectRatio: video.options.aspect_ratio,
                output: video.options.output,
                outDir,
                style: { ...renderStyle(video), brand: await renderBrand(deps, video, outDir) },
                music: await renderMusic(deps, video, outDir),
              },
              { signal, onProgress },
            ),
          ),
        ),
      );
    },

    async joinSegments(raw) {
      const input = parseInput(schemas.videoWork, raw);
      const { draft } = input;
      const segmentsOf = draft ? { draft } : input.run;
      const join =
        (onProgress?: (f: number) => void): FinalStep['make'] =>
        async (video, outDir, signal) => {
          const soundtrack = draft
            ? null
            : await soundtrackOf(video, input.run, path.join(outDir, 'soundtrack'));
          // With the soundtrack mixed, the scenes lend only their lengths: no file is fetched.
          const scenes = soundtrack
            ? (await videos.scenes.list(video.accountId, video.id)).map((s) => ({
                id: s.id,
                imagePath: '',
                audioPath: '',
                durationSeconds: s.narrationSeconds ?? 0,
              }))
            : await renderScenes(deps, video, outDir);
          const keys = await segmentFiles(
            video,
            segmentsOf,
            scenes.map((s) => s.id),
          );
          // Segments rendered by other media workers, maybe on other hosts: fetched to this disk.
          const fetched = path.join(outDir, 'segments');
          const segments = await Promise.all(keys.map((key) => storage.localCopy(key, fetched)));
          return renderer.join(
            {
              segments,
              scenes,
              aspectRatio: video.options.aspect_ratio,
              output: draft ? DRAFT_OUTPUT : video.options.output,
              outDir,
              music: soundtrack ? null : await renderMusic(deps, video, outDir),
              brand: await renderBrand(deps, video, outDir),
              soundtrack: soundtrack ?? undefined,
            },
            { signal, onProgress, yieldCpu: pieceCpuYield() },
          );
        };
      if (draft) {
        await withProgress((onProgress) =>
          runStep(draftStep({ videoId: input.videoId, draft }, join(onProgress))),
        );
        const video = await loadVideo(videos, input.videoId);
        const scenes = await videos.scenes.list(video.accountId, video.id);
        const files = await segmentFiles(
          video,
          { draft },
          scenes.map((s) => s.id),
          { optional: true },
        );
        for (const file of files) if (file) await storage.remove(file).catch(() => undefined);
        return;
      }
      await withProgress((onProgress) => runStep(finalStep(input, 'join', join(onProgress))));
      // The segments and soundtracks served their purpose, and so did those of earlier runs that
      // failed before their join; a retry of the join after this point finds the video done.
      const video = await loadVideo(videos, input.videoId);
      const scenes = await videos.scenes.list(video.accountId, video.id);
      for (let run = 1; run <= input.run; run++) {
        const files = await segmentFiles(
          video,
          run,
          scenes.map((s) => s.id),
          { optional: true },
        );
        files.push(
          ...Object.values(soundtrackFileNames(run)).map((f) =>
            storage.videoKey(video.accountId, video.id, f),
          ),
        );
        for (const file of files) if (file) await storage.remove(file).catch(() => undefined);
      }
    },
  };
}
