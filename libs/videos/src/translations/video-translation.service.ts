import { InvalidStateError, ValidationError } from '@vidgen/core';
import type { CreateKey } from '../create-key';
import type { VideoService } from '../video.service';
import type { ClientScene, Scene, Video } from '../video.types';

export interface TranslateVideoInput {
  /** BCP 47 code of the language to translate into. */
  language: string;
  /** A voice that speaks it; left out, the language's default voice. */
  voice?: string | null;
  /** The Idempotency-Key the request claimed, recorded with the translation (CreateKey). */
  idempotency?: CreateKey;
}

/** Whether the script stage has a language model to translate with now (the planner has none). */
export interface Translator {
  available(): Promise<boolean>;
}

/**
 * `POST /videos/{id}/translations` (docs/decisions/0069-recommended-models-and-translations.md): a
 * completed video made again in another language. The new video is an ordinary one, created as
 * POST /videos creates a video from the client's scenes (slot, daily quota, credits, workflow,
 * webhooks): its scenes are the source's with their pictures or clips, which cost no image credit,
 * and its script stage has the script model translate their texts from the source's language. A
 * new narration is made in a voice of the new language and charged as any narration. The options
 * are the source's (brand copy included), with the language and its voice.
 */
export class VideoTranslationService {
  constructor(
    private readonly videos: Pick<VideoService, 'get' | 'create' | 'scenes'>,
    private readonly translator: Translator,
  ) {}

  async translate(accountId: string, sourceId: string, input: TranslateVideoInput): Promise<Video> {
    const source = await this.videos.get(accountId, sourceId);
    if (source.status !== 'completed') {
      throw new InvalidStateError(`The video is ${source.status}: only a completed video can be translated`);
    }
    if (source.options.language.toLowerCase() === input.language.toLowerCase()) {
      throw new ValidationError([
        { loc: ['body', 'language'], msg: `the video is already in ${source.options.language}` },
      ]);
    }
    if (!(await this.translator.available())) {
      throw new ValidationError([
        {
          loc: ['body', 'language'],
          msg: 'no language model is configured to translate (the offline planner cannot): run Ollama with a model (ollama pull qwen2.5:3b), or set SCRIPT_PROVIDER=llama with LLAMA_MODEL_PATH (npm run models:install -- qwen2.5-1.5b), or SCRIPT_PROVIDER=openai with SCRIPT_BASE_URL and SCRIPT_MODEL',
        },
      ]);
    }
    const scenes = await this.videos.scenes(accountId, sourceId);
    const made = await this.videos.create(accountId, {
      prompt: source.prompt,
      sceneCount: scenes.length,
      options: { ...source.options, language: input.language, voice: input.voice ?? null },
      scenes: scenes.map(asClientScene),
      translation: { sourceVideoId: source.id, from: source.options.language },
      idempotency: input.idempotency,
    });
    return made.video;
  }
}

/**
 * A source scene as a client scene of the translation: its texts (translated later, by the script
 * stage) and its visual, a picture or a clip; not its recording, since the narration is new.
 */
function asClientScene(scene: Scene): ClientScene {
  const visual = scene.imageAssetId
    ? scene.visualType === 'video'
      ? { video_asset_id: scene.imageAssetId }
      : { image_asset_id: scene.imageAssetId }
    : {};
  return {
    narration: scene.narration,
    visual_description: scene.visualDescription,
    ...visual,
    ...(scene.searchTerms ? { search_terms: scene.searchTerms } : {}),
  };
}
