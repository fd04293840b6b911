import { writeFileAtomic } from '../common/atomic-file';
import { canvas } from '../common/canvas';
import { ProviderError, throwIfAborted } from '../common/media.errors';
import {
  type AspectRatio,
  type GeneratedImage,
  type ImageInput,
  type ImageProvider,
  imageFrame,
} from '../common/media.types';
import type { OpenAiClient } from '../common/openai/openai.client';
import { depictsOf } from './picture.composer';
import { readPicture } from './scene.reader';

/** Sizes each model family accepts, per aspect ratio. */
export function openAiImageSize(model: string, ar: AspectRatio): string {
  if (/^dall-e-2/i.test(model)) return '1024x1024';
  if (/^dall-e-3/i.test(model)) return { '16:9': '1792x1024', '9:16': '1024x1792', '1:1': '1024x1024' }[ar];
  return { '16:9': '1536x1024', '9:16': '1024x1536', '1:1': '1024x1024' }[ar];
}

/**
 * Images from POST /images/generations. Whatever size the model returns is cropped to the
 * video's frame size and stored as PNG, so the renderer and the thumbnail see one format.
 */
export class OpenAiImageProvider implements ImageProvider {
  constructor(
    private readonly client: OpenAiClient,
    readonly model: string,
  ) {}

  async generateImage(input: ImageInput, outPath: string, signal?: AbortSignal): Promise<GeneratedImage> {
    const orientation =
      input.aspectRatio === '16:9' ? 'landscape' : input.aspectRatio === '9:16' ? 'portrait' : 'square';
    const body: Record<string, unknown> = {
      model: this.model,
      prompt: `${input.description.trim()}. A ${orientation} still for a narrated video; no text, captions or lettering.`,
      n: 1,
      size: openAiImageSize(this.model, input.aspectRatio),
    };
    // gpt-image models always answer in base64 and reject the parameter.
    if (!/^gpt-image/i.test(this.model)) body.response_format = 'b64_json';

    const response = (await this.client.postJson('/images/generations', body, signal)) as {
      data?: { b64_json?: unknown; url?: unknown }[];
    };
    const item = response?.data?.[0];
    let bytes: Buffer;
    if (typeof item?.b64_json === 'string' && item.b64_json !== '')
      bytes = Buffer.from(item.b64_json, 'base64');
    else if (typeof item?.url === 'string' && item.url !== '')
      bytes = await this.client.download(item.url, signal);
    else throw new ProviderError('The image response contains no image', true);

    const { width, height } = imageFrame(input);
    let png: Buffer;
    try {
      const { createCanvas, loadImage } = canvas();
      const image = await loadImage(bytes);
      const scale = Math.max(width / image.width, height / image.height);
      const w = image.width * scale;
      const h = image.height * scale;
      const frame = createCanvas(width, height);
      frame.getContext('2d').drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
      png = await frame.encode('png');
    } catch (err) {
      throw new ProviderError('The image service returned data that is not a readable image', true, {
        cause: err,
      });
    }
    throwIfAborted(signal);
    await writeFileAtomic(outPath, png);
    // What was asked for is what the model was told to draw: the things the description names.
    const depicts = depictsOf(readPicture({ description: input.description, language: input.language }));
    return { path: outPath, width, height, mimeType: 'image/png', depicts, attribution: [] };
  }
}
