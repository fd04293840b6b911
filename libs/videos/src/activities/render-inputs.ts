import path from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import type { BrandStyle, MusicInput, RenderScene, RenderStyle, WordTiming } from '@vidgen/media';
import { mediaCpuYield } from '@vidgen/workflows';
import type { VideoRepository, WorkflowVideo } from '../video.repository';

export interface RenderInputDeps {
  videos: Pick<VideoRepository, 'scenes'>;
  assets: Pick<AssetRepository, 'find'>;
  storage: Pick<AssetStorage, 'localCopy'>;
}

/** A scene as it is stored: its image and narration by storage key. */
export interface StoredScene {
  id: string;
  position: number;
  imageKey: string;
  /** The visual is a clip (a video asset), not a picture. */
  clip: boolean;
  audioKey: string;
  durationSeconds: number;
  narration: string;
  words: WordTiming[] | null;
}

export type LocalScene = RenderScene & { id: string; position: number };

/** The folder of a step's scratch folder that holds the inputs fetched from storage. */
const inputsDir = (dir: string) => path.join(dir, 'inputs');

/**
 * Each scene's image, narration file and words, in order, as local files ffmpeg can open
 * (fetched from storage into `dir` when it is not this disk); a scene without them cannot be
 * rendered.
 */
export async function renderScenes(
  deps: RenderInputDeps,
  video: WorkflowVideo,
  dir: string,
): Promise<LocalScene[]> {
  return localScenes(deps, await storedScenes(deps, video), dir, { audio: true });
}

/** The scenes' files fetched into `dir`; without `audio`, images only (all a segment needs). */
export async function localScenes(
  { storage }: Pick<RenderInputDeps, 'storage'>,
  scenes: StoredScene[],
  dir: string,
  opts: { audio: boolean },
): Promise<LocalScene[]> {
  const to = inputsDir(dir);
  return Promise.all(
    scenes.map(async ({ imageKey, audioKey, ...s }) => ({
      ...s,
      // An empty key: the file is not needed (see segmentScenes).
      imagePath: imageKey ? await storage.localCopy(imageKey, to) : '',
      audioPath: opts.audio && audioKey ? await storage.localCopy(audioKey, to) : '',
    })),
  );
}

/**
 * What scene `sceneId`'s segment needs, which may exist before the rest of the video does: the
 * narration length of every scene up to the next one (a segment's frames follow the running
 * total, and its crossfade the next scene's length) and the pictures of the scene and the next.
 * A plan over these scenes gives this segment the same frames as a plan over all of them
 * (planTimeline rounds from the running total), so segments can render as their inputs land.
 * The other scenes' files are left out (empty keys).
 */
export async function segmentScenes(
  { videos, assets }: Pick<RenderInputDeps, 'videos' | 'assets'>,
  video: WorkflowVideo,
  sceneId: string,
): Promise<{ scenes: StoredScene[]; index: number }> {
  const all = await videos.scenes.list(video.accountId, video.id);
  const index = all.findIndex((s) => s.id === sceneId);
  if (index < 0) throw ApplicationFailure.nonRetryable(`Scene ${sceneId} does not exist`, 'INVALID_INPUT');
  const scenes = await Promise.all(
    all.slice(0, index + 2).map(async (s, j) => {
      const picture = pictureOf(s);
      const image = j >= index && picture ? await assets.find(video.accountId, picture) : undefined;
      if (s.narrationSeconds === null || (j >= index && !image)) {
        throw ApplicationFailure.nonRetryable(
          `Scene ${s.position} has no ${s.narrationSeconds === null ? 'narration' : 'image'}`,
          'INVALID_INPUT',
        );
      }
      return {
        id: s.id,
        position: s.position,
        imageKey: image?.path ?? '',
        clip: image?.type === 'video',
        audioKey: '',
        durationSeconds: s.narrationSeconds,
        narration: s.narration,
        words: s.words,
      };
    }),
  );
  return { scenes, index };
}

/** A scene's picture: at the gate, a draft shows the storyboard picture the run will adopt. */
const pictureOf = (s: { imageAssetId: string | null; storyboardAssetId: string | null }) =>
  s.imageAssetId ?? s.storyboardAssetId;

/** Each scene's image and narration by storage key, in order; a scene without them cannot be rendered. */
export async function storedScenes(
  { videos, assets }: Pick<RenderInputDeps, 'videos' | 'assets'>,
  video: WorkflowVideo,
): Promise<StoredScene[]> {
  const scenes = await videos.scenes.list(video.accountId, video.id);
  return Promise.all(
    scenes.map(async (s) => {
      const picture = pictureOf(s);
      const [image, audio] = await Promise.all([
        picture ? assets.find(video.accountId, picture) : undefined,
        s.narrationAssetId ? assets.find(video.accountId, s.narrationAssetId) : undefined,
      ]);
      if (!image || !audio || s.narrationSeconds === null) {
        throw ApplicationFailure.nonRetryable(
          `Scene ${s.position} has no image or narration`,
          'INVALID_INPUT',
        );
      }
      return {
        id: s.id,
        position: s.position,
        imageKey: image.path,
        clip: image.type === 'video',
        audioKey: audio.path,
        durationSeconds: s.narrationSeconds,
        narration: s.narration,
        words: s.words,
      };
    }),
  );
}

/** The client's motion, transition and captions; the video id seeds the motion, so every render of it moves alike. */
export function renderStyle(video: WorkflowVideo): RenderStyle {
  const o = video.options;
  return { motion: o.motion, transition: o.transition, captions: o.captions, seed: video.id };
}

/** The music file under the video, when the client chose one, as a local file (see renderScenes). */
export async function renderMusic(
  { assets, storage }: RenderInputDeps,
  video: WorkflowVideo,
  dir: string,
): Promise<MusicInput | null> {
  const music = video.options.music;
  if (!music) return null;
  const asset = await assets.find(video.accountId, music.asset_id);
  if (asset?.type !== 'audio') {
    throw ApplicationFailure.nonRetryable(`The music asset ${music.asset_id} is gone`, 'INVALID_INPUT');
  }
  return { path: await storage.localCopy(asset.path, inputsDir(dir)), volume: music.volume };
}

/**
 * The brand the video wears as the renderer takes it, its logo a local file; null without one.
 * A logo deleted since the video was made is left out rather than failing the render.
 */
export async function renderBrand(
  { assets, storage }: RenderInputDeps,
  video: WorkflowVideo,
  dir: string,
): Promise<BrandStyle | null> {
  const brand = video.options.brand;
  if (!brand) return null;
  let logo: BrandStyle['logo'] = null;
  if (brand.logo) {
    const asset = await assets.find(video.accountId, brand.logo.asset_id);
    if (asset?.type === 'image' && asset.width && asset.height)
      logo = {
        path: await storage.localCopy(asset.path, inputsDir(dir)),
        width: asset.width,
        height: asset.height,
        position: brand.logo.position,
        size: brand.logo.size,
        opacity: brand.logo.opacity,
      };
  }
  return {
    logo,
    font: brand.font,
    captions: brand.captions,
    palette: brand.palette,
    intro: brand.intro && { text: brand.intro.title, seconds: brand.intro.seconds },
    outro: brand.outro,
  };
}

/**
 * How much more the running media piece's ffmpeg yields the CPU than its own niceness: beside a
 * more urgent piece (its priority key lower), it gives it the cores (mediaCpuYield).
 */
export function pieceCpuYield(): number {
  return mediaCpuYield(Context.current().info.priority?.priorityKey);
}
