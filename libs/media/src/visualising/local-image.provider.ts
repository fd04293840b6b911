import { writeFileAtomic } from '../common/atomic-file';
import { throwIfAborted } from '../common/media.errors';
import type { GeneratedImage, ImageInput, ImageProvider } from '../common/media.types';
import { compose } from './picture.composer';
import { type Illustration, paintPicture } from './picture.painter';

/**
 * The illustrator (docs/decisions/0037-the-illustrator.md): reads the things a scene's visual
 * description names (else its narration) in the video's language, and draws them from one
 * open-licensed artwork set over a backdrop chosen from the setting words, in the video's
 * palette. One main subject large, up to three supporting things, small counts honoured, colour
 * words tinting what they describe. Everything drawn stays inside the part of the frame that no
 * Ken Burns zoom or pan cuts; no words are drawn (the captions carry them). It reads the scene
 * (scene.reader.ts), chooses what to show and where (picture.composer.ts) and draws it
 * (picture.painter.ts).
 */
export class LocalImageProvider implements ImageProvider {
  async generateImage(input: ImageInput, outPath: string, signal?: AbortSignal): Promise<GeneratedImage> {
    throwIfAborted(signal);
    const { png, width, height, depicts, attribution } = await illustrate(input);
    throwIfAborted(signal);
    await writeFileAtomic(outPath, png);
    return { path: outPath, width, height, mimeType: 'image/png', depicts, attribution };
  }
}

/** A scene's picture: its composition, painted. */
export async function illustrate(input: ImageInput): Promise<Illustration> {
  return paintPicture(compose(input));
}
