import path from 'node:path';
import { RenderError } from '../common/media.errors';

// The sound codecs clips usually carry: never played, but probing opens a decoder for each stream.
const MP4_SOUND = ['aac', 'mp3float', 'mp3', 'alac', 'opus', 'pcm_s16le', 'pcm_s16be', 'pcm_s24le'];

/**
 * How a clip container is opened, by verification (libs/assets) and by rendering alike: its
 * demuxer forced, so ffmpeg never probes its way to another one (a playlist, a concat list), with
 * the decoders the container may hold.
 */
export const CLIP_CONTAINERS: Readonly<
  Record<'mp4' | 'mov' | 'webm', { demuxer: string; decoders: string[] }>
> = {
  mp4: { demuxer: 'mov', decoders: ['h264', 'hevc', 'libdav1d', 'av1', ...MP4_SOUND] },
  mov: { demuxer: 'mov', decoders: ['h264', ...MP4_SOUND] },
  webm: { demuxer: 'webm', decoders: ['vp8', 'vp9', 'libdav1d', 'av1', 'opus', 'vorbis'] },
};

/** ffmpeg's input options for a clip: local files only, no external references, no probing. */
export function clipInputArgs(file: string): string[] {
  const ext = path.extname(file).toLowerCase().slice(1);
  const container = Object.hasOwn(CLIP_CONTAINERS, ext)
    ? CLIP_CONTAINERS[ext as keyof typeof CLIP_CONTAINERS]
    : undefined;
  if (!container)
    throw new RenderError(`${path.basename(file)} is not a clip vidgen renders (MP4, MOV or WebM)`);
  return [
    ...['-protocol_whitelist', 'file'],
    ...(container.demuxer === 'mov' ? ['-enable_drefs', '0'] : []),
    ...['-f', container.demuxer, '-codec_whitelist', container.decoders.join(',')],
    ...['-i', `file:${file}`],
  ];
}
