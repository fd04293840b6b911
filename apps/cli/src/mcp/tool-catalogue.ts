/**
 * The tools of vidgen's MCP server, in the order they are listed: each one API operation (its
 * input schema is read from the API's OpenAPI document by operationId, tool-schemas.ts).
 */
export interface ToolSpec {
  name: string;
  operationId: string;
  description: string;
  // biome-ignore lint/suspicious/noExplicitAny: extra JSON Schema properties of the tool
  extra?: Record<string, any>;
  readOnly?: boolean;
  destructive?: boolean;
  /** The tool's own required fields, in place of the operation's; `omit`: body fields it does not take. */
  required?: string[];
  omit?: string[];
}

export const WAIT_FOR = 'wait_for';
export const WAIT_TIMEOUT = 'wait_timeout_seconds';

const WAIT_EXTRA = {
  [WAIT_FOR]: {
    type: 'string',
    enum: ['none', 'review', 'completed'],
    default: 'none',
    description:
      'none: return the created record at once; review: wait for the script at the review gate and return ' +
      'the scenes; completed: wait until the video is rendered',
  },
  [WAIT_TIMEOUT]: {
    type: 'integer',
    minimum: 1,
    maximum: 3600,
    default: 600,
    description: 'How long wait_for may wait',
  },
};

export const TOOLS: readonly ToolSpec[] = [
  {
    name: 'create_video',
    operationId: 'Videos_create',
    description:
      'Start a video from a prompt (POST /videos): vidgen writes a script of scenes and stops at the review gate ' +
      '(unless auto_approve) until approve_video. With wait_for "review" it waits there and returns the video, ' +
      'its warnings (e.g. no language model wrote the script, and how to connect one) and its scenes to review; with "completed" it waits for the finished video (use with auto_approve). ' +
      'For Shorts, Reels and TikTok: aspect_ratio "9:16" and output {"resolution": "1080p", "fps": 30}.',
    extra: WAIT_EXTRA,
    required: ['prompt'],
    omit: ['template_id', 'variables'],
  },
  {
    name: 'create_from_template',
    operationId: 'Videos_create',
    description:
      'Make the video a template describes (POST /videos with template_id): a value for each of its variables ' +
      "(the template record lists them), any other field replacing the template's. wait_for as for create_video.",
    extra: WAIT_EXTRA,
    required: ['template_id', 'variables'],
  },
  {
    name: 'create_batch',
    operationId: 'Batches_create',
    description:
      'One video per row of a template (POST /batches): rows of variables (and metadata of yours), at most 500. ' +
      "Every row is checked first; the videos start as the account's slots free up. Follow it with get_batch.",
  },
  {
    name: 'get_batch',
    operationId: 'Batches_get',
    description:
      'A batch record (GET /batches/{id}): status and the counts of rows waiting, in progress, completed, failed and cancelled.',
    readOnly: true,
  },
  {
    name: 'get_video',
    operationId: 'Videos_get',
    description:
      'A video record (GET /videos/{id}): status, awaiting_approval, options, failure_reason and, once ' +
      'completed, the URLs of its MP4, audio, thumbnail and subtitles.',
    readOnly: true,
  },
  {
    name: 'list_videos',
    operationId: 'Videos_list',
    description: "The account's videos, newest first, a page at a time (GET /videos).",
    readOnly: true,
  },
  {
    name: 'list_scenes',
    operationId: 'Videos_scenes',
    description:
      "A video's scenes in order, with visual description, narration and image (GET /videos/{id}/scenes).",
    readOnly: true,
  },
  {
    name: 'update_scene',
    operationId: 'Videos_updateScene',
    description:
      "Edit a scene's visual description, narration or image at the review gate, before approve_video " +
      '(PATCH /videos/{id}/scenes/{sceneId}).',
  },
  {
    name: 'get_storyboard',
    operationId: 'Storyboard_get',
    description:
      "A video's storyboard at the review gate (GET /videos/{id}/storyboard): each scene's narration, picture URL " +
      '(null until made) and estimated seconds, and sheet_url, a PNG contact sheet of the pictures in order. With a ' +
      'paid image provider the pictures are made on POST /videos/{id}/storyboard or at approval.',
    readOnly: true,
  },
  {
    name: 'preview_video',
    operationId: 'Storyboard_preview',
    description:
      'Render a cheap draft at the review gate (POST /videos/{id}/preview): 360p, 15 fps, narration, captions and ' +
      'music, marked PREVIEW. Returns the record at once; its preview.status goes from rendering to ready with ' +
      'preview.url (poll get_video). The narration is charged now and reused by approve_video; the draft is free.',
  },
  {
    name: 'approve_video',
    operationId: 'Videos_approve',
    description:
      'Pass the review gate: images, narration and the render start (POST /videos/{id}/approve). Also retries a ' +
      'failed video.',
  },
  {
    name: 'regenerate_video',
    operationId: 'Videos_regenerate',
    description:
      'Write the script again with feedback (POST /videos/{id}/regenerate); the video comes back to the review gate.',
  },
  {
    name: 'translate_video',
    operationId: 'Translations_translate',
    description:
      'Make a completed video again in another language (POST /videos/{id}/translations): a new video with the ' +
      "same pictures (no image credits) whose scenes the server's language model translates, narrated in a voice " +
      'of that language and charged for its narration; follow it with get_video. 422 when no language model is configured.',
  },
  {
    name: 'delete_video',
    operationId: 'Videos_remove',
    description: 'Delete a video that is not being processed, with its files (DELETE /videos/{id}).',
    destructive: true,
  },
  {
    name: 'list_voices',
    operationId: 'Voices_list',
    description: 'The voices a video can be narrated with, by language (GET /voices).',
    readOnly: true,
  },
  {
    name: 'import_asset',
    operationId: 'Assets_create',
    description:
      'Import an image or audio file from an HTTPS URL as an asset of the account (POST /assets); an image ' +
      "asset's id can replace a scene's image (update_scene image_asset_id), an audio asset's can be music.",
  },
  {
    name: 'list_fonts',
    operationId: 'Fonts_list',
    description: 'The fonts a brand may use, each with the scripts it writes (GET /fonts).',
    readOnly: true,
  },
  {
    name: 'list_brands',
    operationId: 'Brands_list',
    description:
      "The account's brands (GET /brands): logo, font, caption colours, palette, intro and outro; the default " +
      'one is worn by every video created without brand_id.',
    readOnly: true,
  },
  {
    name: 'create_brand',
    operationId: 'Brands_create',
    description:
      'Create a brand (POST /brands): a logo (an image asset, see import_asset) in a corner, a font of list_fonts, ' +
      'caption colours, a palette for the cards, an intro title and an outro text (1–5 s each, not charged); ' +
      'default true makes every new video wear it, else pass its id as brand_id to create_video.',
  },
  {
    name: 'get_credits',
    operationId: 'Credits_summary',
    description: "The account's credit balance and plan (GET /credits).",
    readOnly: true,
  },
];
