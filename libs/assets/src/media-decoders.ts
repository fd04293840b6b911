import { CLIP_CONTAINERS } from '@vidgen/media';
import type { MediaFormat, VideoFormat } from './media-sniff';

/**
 * How each format is decoded: its demuxer is forced (ffmpeg never probes its way to another
 * one) and only the decoders the format may hold are allowed, so an MP4 with a video track
 * or an Ogg with Theora is refused rather than taken for audio.
 */
const DECODE: Record<MediaFormat, { demuxer: string; decoders: string[] }> = {
  png: { demuxer: 'png_pipe', decoders: ['png'] },
  jpeg: { demuxer: 'jpeg_pipe', decoders: ['mjpeg'] },
  webp: { demuxer: 'webp_pipe', decoders: ['webp'] },
  mp3: { demuxer: 'mp3', decoders: ['mp3float', 'mp3'] },
  wav: {
    demuxer: 'wav',
    decoders: [
      'pcm_u8',
      'pcm_s16le',
      'pcm_s24le',
      'pcm_s32le',
      'pcm_f32le',
      'pcm_f64le',
      'pcm_alaw',
      'pcm_mulaw',
    ],
  },
  m4a: { demuxer: 'mov', decoders: ['aac'] },
  aac: { demuxer: 'aac', decoders: ['aac'] },
  ogg: { demuxer: 'ogg', decoders: ['vorbis', 'opus'] },
  // Clips: only their first video stream is decoded (their sound is never used), but probing
  // opens a decoder for every stream, so the usual sound codecs of each container are allowed.
  ...CLIP_CONTAINERS,
};

/** The codecs each clip container may carry in its video streams (docs/api.md, "Assets"). */
export const VIDEO_CODECS: Record<VideoFormat, string[]> = {
  mp4: ['h264', 'hevc', 'av1'],
  mov: ['h264'],
  webm: ['vp8', 'vp9', 'av1'],
};
export const VIDEO_NAMES: Record<VideoFormat, string> = { mp4: 'MP4', mov: 'MOV', webm: 'WebM' };

/**
 * How every run opens its input: one thread, the format's demuxer forced (ffmpeg never probes
 * its way to another one), local files only, no external references, only the format's
 * decoders, and frames no larger than `maxPixels`.
 */
export function inputArgs(format: MediaFormat, file: string, maxPixels?: number): string[] {
  const { demuxer, decoders } = DECODE[format];
  return [
    ...['-threads', '1', '-protocol_whitelist', 'file'],
    ...(demuxer === 'mov' ? ['-enable_drefs', '0'] : []),
    ...(maxPixels ? ['-max_pixels', String(maxPixels)] : []),
    ...['-f', demuxer, '-codec_whitelist', decoders.join(','), '-i', `file:${file}`],
  ];
}
