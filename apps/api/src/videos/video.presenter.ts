import { Injectable } from '@nestjs/common';
import {
  type CreateVideoInput,
  type SceneRecord,
  toEventRecord,
  toSceneRecord,
  toVideoRecord,
  type Video,
  type VideoRecord,
  VideoService,
} from '@vidgen/videos';
import type { SceneEdit, VideoStatus } from '@vidgen/workflows';
import { AssetUrls } from '../assets/asset-urls';

/** Calls the video service and renders its results as the API's records (with signed asset URLs). */
@Injectable()
export class VideoPresenter {
  constructor(
    private readonly service: VideoService,
    private readonly urls: AssetUrls,
  ) {}

  private async records(videos: Video[]): Promise<VideoRecord[]> {
    const estimates = await this.service.estimates(videos);
    return videos.map((v) => toVideoRecord(v, this.urls.for, estimates.get(v.id)));
  }

  private async record(video: Video): Promise<VideoRecord> {
    return (await this.records([video]))[0]!;
  }

  async create(accountId: string, input: CreateVideoInput) {
    return this.record(await this.service.create(accountId, input));
  }

  async list(accountId: string, q: { limit: number; cursor?: string; status?: VideoStatus }) {
    const page = await this.service.list(accountId, q);
    return { data: await this.records(page.items), next_cursor: page.nextCursor };
  }

  async get(accountId: string, id: string) {
    return this.record(await this.service.get(accountId, id));
  }

  async approve(accountId: string, id: string) {
    return this.record(await this.service.approve(accountId, id));
  }

  async regenerate(accountId: string, id: string, feedback: string) {
    return this.record(await this.service.regenerate(accountId, id, feedback));
  }

  delete(accountId: string, id: string) {
    return this.service.delete(accountId, id);
  }

  async events(accountId: string, id: string) {
    return (await this.service.events(accountId, id)).map(toEventRecord);
  }

  async scenes(accountId: string, id: string): Promise<SceneRecord[]> {
    return (await this.service.scenes(accountId, id)).map((s) => toSceneRecord(s, this.urls.for));
  }

  async editScene(accountId: string, id: string, edit: SceneEdit): Promise<SceneRecord | undefined> {
    const scene = await this.service.editScene(accountId, id, edit);
    return scene ? toSceneRecord(scene, this.urls.for) : undefined;
  }
}
