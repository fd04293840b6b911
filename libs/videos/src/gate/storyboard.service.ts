import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import { InvalidStateError, NotFoundError } from '@vidgen/core';
import { contactSheetPng, type LogoImage, logoImage, readingSeconds } from '@vidgen/media';
import type { VideoRepository } from '../video.repository';
import type { Video } from '../video.types';
import { type VideoWorkflowGateway, WorkflowClosedError } from '../video-workflow.gateway';

/** A scene as the storyboard shows it: its picture (made or not yet) and how long it will last. */
export interface StoryboardScene {
  sceneId: string;
  position: number;
  narration: string;
  /** The picture the scene will show: the client's, the run's, or the storyboard's; null until made. */
  imageAssetId: string | null;
  estimatedSeconds: number;
}

export interface Storyboard {
  /** The contact sheet of the pictures in order; null while the video has no scenes. */
  sheetAssetId: string | null;
  scenes: StoryboardScene[];
}

/**
 * The review gate's storyboard and draft (docs/decisions/0068-storyboard-and-draft.md). The
 * workflow makes the pictures and the draft (its `storyboard` and `preview` updates); this reads
 * what they made and draws the contact sheet, once per set of pictures.
 */
export class StoryboardService {
  constructor(
    private readonly videos: VideoRepository,
    private readonly assets: Pick<AssetRepository, 'find' | 'insert'>,
    private readonly storage: Pick<AssetStorage, 'read' | 'put' | 'scratchDir'>,
    private readonly workflows: Pick<VideoWorkflowGateway, 'storyboard' | 'preview'>,
  ) {}

  private async get(accountId: string, id: string): Promise<Video> {
    const video = await this.videos.find(accountId, id);
    if (!video) throw new NotFoundError('Video');
    return video;
  }

  async storyboard(accountId: string, id: string): Promise<Storyboard> {
    const video = await this.get(accountId, id);
    const scenes = (await this.videos.scenes.list(accountId, id)).map(
      (s): StoryboardScene & { clip: boolean } => ({
        sceneId: s.id,
        position: s.position,
        narration: s.narration,
        imageAssetId: s.imageAssetId ?? s.storyboardAssetId,
        clip: s.visualType === 'video',
        estimatedSeconds:
          s.narrationSeconds ??
          Math.round((readingSeconds(s.narration) / video.options.voice_speed) * 10) / 10,
      }),
    );
    const sheetAssetId = scenes.length ? await this.sheet(video, scenes) : null;
    return { sheetAssetId, scenes: scenes.map(({ clip: _, ...s }) => s) };
  }

  /** The sheet of these pictures: drawn once, kept beside the video's assets, drawn again when they change. */
  private async sheet(video: Video, scenes: (StoryboardScene & { clip: boolean })[]): Promise<string> {
    const fingerprint = createHash('sha256')
      .update(`${video.options.aspect_ratio};${scenes.map((s) => s.imageAssetId ?? '-').join(',')}`)
      .digest('hex')
      .slice(0, 32);
    const drawn = await this.videos.previews.sheet(video.accountId, video.id, fingerprint);
    if (drawn && (await this.assets.find(video.accountId, drawn))) return drawn;
    const pictures = await Promise.all(
      scenes.map((s) => (s.clip ? null : this.picture(video, s.imageAssetId))),
    );
    const png = await contactSheetPng(pictures, video.options.aspect_ratio);
    const dir = await this.storage.scratchDir(video.accountId, video.id, `sheet-${fingerprint}`);
    const file = path.join(dir, 'storyboard.png');
    await writeFile(file, png);
    const stored = await this.storage.put(video.accountId, video.id, `storyboard-${fingerprint}.png`, file);
    const asset = await this.assets.insert({
      accountId: video.accountId,
      videoId: video.id,
      type: 'image',
      path: stored.relativePath,
      mimeType: 'image/png',
      sizeBytes: stored.sizeBytes,
    });
    await this.videos.previews.setSheet(video.accountId, video.id, fingerprint, asset.id);
    return asset.id;
  }

  private async picture(video: Video, assetId: string | null): Promise<LogoImage | null> {
    if (!assetId) return null;
    const asset = await this.assets.find(video.accountId, assetId);
    if (asset?.type !== 'image' || !asset.width || !asset.height) return null;
    const bytes = Buffer.concat((await (await this.storage.read(asset.path)).toArray()) as Buffer[]);
    return logoImage(bytes, asset.width, asset.height);
  }

  /** POST /videos/{id}/storyboard: the missing pictures, made (and charged when paid) now. */
  async makeStoryboard(accountId: string, id: string): Promise<Storyboard> {
    await this.viaWorkflow(await this.get(accountId, id), (v) => this.workflows.storyboard(v.id));
    return this.storyboard(accountId, id);
  }

  /** POST /videos/{id}/preview: a draft started (or the one rendering); the record shows it. */
  async preview(accountId: string, id: string): Promise<Video> {
    await this.viaWorkflow(await this.get(accountId, id), (v) => this.workflows.preview(v.id));
    return this.get(accountId, id);
  }

  private async viaWorkflow(video: Video, call: (v: Video) => Promise<void>): Promise<void> {
    if (!video.awaitingApproval) {
      throw new InvalidStateError(
        `The video is ${video.status}: a storyboard or a draft is made only while it awaits approval`,
      );
    }
    try {
      await call(video);
    } catch (err) {
      if (err instanceof WorkflowClosedError) {
        throw new InvalidStateError(`The video's workflow is closed (status ${video.status})`);
      }
      throw err;
    }
  }
}
