import { decodeCursor, NotFoundError, type Page, pageOf, ValidationError } from '@vidgen/core';
import type { VideoRepository } from '../video.repository';
import type { Template, TemplateRepository } from './template.repository';
import { fillPlaceholders, variableProblems, variablesOf } from './template-placeholders';

export interface NewTemplate {
  name: string;
  description?: string | null;
  /** A POST /videos body (already checked at the api's edge), or… */
  request?: Record<string, unknown>;
  /** …the video whose request, with its scenes as they are now, becomes the template's. */
  fromVideoId?: string;
}

export interface TemplateChanges {
  name?: string;
  description?: string | null;
  request?: Record<string, unknown>;
}

/** Where a request's problems are reported: `["body"]` for POST /videos, a batch row's path for a batch. */
export type Loc = (string | number)[];

/**
 * Templates and their merge fields (docs/decisions/0063-templates-and-batches.md). The service
 * derives `variables` on every write and expands a template into a POST /videos body.
 */
export class TemplateService {
  constructor(
    private readonly templates: TemplateRepository,
    private readonly videos: Pick<VideoRepository, 'find' | 'scenes'>,
  ) {}

  async create(accountId: string, input: NewTemplate): Promise<Template> {
    const request = input.fromVideoId
      ? await this.requestOfVideo(accountId, input.fromVideoId)
      : (input.request ?? {});
    return this.templates.create(accountId, {
      name: input.name,
      description: input.description ?? null,
      request,
      variables: variablesOf(request),
    });
  }

  async get(accountId: string, id: string): Promise<Template> {
    const template = await this.templates.find(accountId, id);
    if (!template) throw new NotFoundError('Template');
    return template;
  }

  async list(accountId: string, q: { limit: number; cursor?: string }): Promise<Page<Template>> {
    const rows = await this.templates.list(accountId, {
      limit: q.limit + 1,
      cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
    });
    return pageOf(rows, q.limit);
  }

  async update(accountId: string, id: string, changes: TemplateChanges): Promise<Template> {
    return this.templates.db.transaction().execute(async (trx) => {
      const current = await this.templates.find(accountId, id, trx);
      if (!current) throw new NotFoundError('Template');
      const request = changes.request ?? current.request;
      const updated = await this.templates.update(
        accountId,
        id,
        {
          name: changes.name ?? current.name,
          description: changes.description === undefined ? current.description : changes.description,
          request,
          variables: variablesOf(request),
        },
        trx,
      );
      if (!updated) throw new NotFoundError('Template');
      return updated;
    });
  }

  private requestOfVideo(accountId: string, videoId: string): Promise<Record<string, unknown>> {
    return requestOfVideo(this.videos, accountId, videoId);
  }

  async delete(accountId: string, id: string): Promise<void> {
    if (!(await this.templates.delete(accountId, id))) throw new NotFoundError('Template');
  }

  /**
   * The POST /videos body a template describes with these values: the template's request, the
   * fields sent beside `template_id` in place of its own, then the placeholders filled. One
   * 422 detail per missing or unknown variable (and per value that is not plain text of at most
   * 500 characters), at `[...loc, "variables", name]`. An unknown template is a 422 at
   * `[...loc, "template_id"]`: it is a field of the body that names nothing of the account.
   */
  async expand(
    accountId: string,
    templateId: string,
    values: unknown,
    overrides: Record<string, unknown>,
    loc: Loc = ['body'],
  ): Promise<Record<string, unknown>> {
    const template = await this.templates.find(accountId, templateId);
    if (!template)
      throw new ValidationError([
        { loc: [...loc, 'template_id'], msg: 'no template of this account has this id' },
      ]);
    return expandTemplate(template, values, overrides, loc);
  }
}

/** See TemplateService.expand; the template already loaded (a batch expands one template per row). */
export function expandTemplate(
  template: Pick<Template, 'request'>,
  values: unknown,
  overrides: Record<string, unknown>,
  loc: Loc = ['body'],
): Record<string, unknown> {
  const merged = { ...template.request, ...overrides };
  // Overrides may bring placeholders of their own (a prompt sent beside template_id): the
  // variables are those of the request as it will be made.
  const variables = variablesOf(merged);
  const problems = variableProblems(variables, values ?? {});
  if (problems.length > 0) {
    throw new ValidationError(problems.map((p) => ({ loc: [...loc, 'variables', p.name], msg: p.msg })));
  }
  return fillPlaceholders(merged, (values ?? {}) as Record<string, string>);
}

/** A video's request as POST /videos would take it now: its options, and its scenes when it has any. */
async function requestOfVideo(
  videos: Pick<VideoRepository, 'find' | 'scenes'>,
  accountId: string,
  videoId: string,
): Promise<Record<string, unknown>> {
  const video = await videos.find(accountId, videoId);
  if (!video) {
    throw new ValidationError([
      { loc: ['body', 'from_video_id'], msg: 'no video of this account has this id' },
    ]);
  }
  const scenes = await videos.scenes.list(accountId, videoId);
  // The brand the video wore is a copy in its options; the request names it as POST /videos does.
  const { music, brand, ...options } = video.options;
  return {
    prompt: video.prompt,
    ...options,
    ...(music && { music: { asset_id: music.asset_id, volume: music.volume } }),
    ...(brand && { brand_id: brand.id }),
    ...(scenes.length > 0
      ? {
          scenes: scenes.map((s) => ({
            narration: s.narration,
            ...(s.visualDescription && { visual_description: s.visualDescription }),
          })),
        }
      : { scene_count: video.sceneCount }),
  };
}
