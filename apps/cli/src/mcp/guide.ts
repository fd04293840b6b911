import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';

export const GUIDE_URI = 'vidgen://guide/review-then-approve';

export const GUIDE = `# Making a video with vidgen: review, then approve

1. **create_video** with a prompt (and aspect_ratio, voice, language, output…). vidgen writes a
   script of scenes and stops at the **review gate** (status stays in progress, awaiting_approval
   is true). Nothing is charged for images, narration or the render until it is approved.
   Pass wait_for "review" to wait there and get the scenes back.
2. **list_scenes** shows each scene's visual_description and narration. Review them with the user.
   The record's script_source says who wrote the script (model, planner or client); its warnings
   say when the offline planner could not write what the prompt asks for, and how to connect a
   language model: tell the user.
3. **update_scene** changes a scene's visual_description or narration (or sets image_asset_id to an
   image imported with **import_asset**); **regenerate_video** with feedback writes the whole script
   again and comes back to the gate.
4. **approve_video** passes the gate: images, narration and the render run; the credits are taken.
5. **get_video** until status is completed (video_url, audio_url, thumbnail_url) or failed
   (failure_reason; approve_video retries a failed video).

With auto_approve true, create_video skips the gate (wait_for "completed" returns the finished
video). **get_credits** tells what is left, **list_voices** which voices speak a language.
**create_brand** puts a logo, a font, colours and intro/outro cards on videos (brand_id on
create_video, or default true); **list_fonts** names the fonts, **list_brands** the brands.
An API error comes back as a tool error whose text starts with the interface's code
(NOT_FOUND, INVALID_STATE, VALIDATION_ERROR with details, INSUFFICIENT_CREDITS, …) and its message.
`;

/** The guide as a resource, and the make_video prompt that walks an agent through it. */
export function serveGuide(server: Server): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      {
        uri: GUIDE_URI,
        name: 'review-then-approve',
        title: 'Making a video: review, then approve',
        description: 'How an agent makes a video with these tools, from prompt to MP4',
        mimeType: 'text/markdown',
      },
    ],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    if (request.params.uri !== GUIDE_URI) {
      throw new McpError(ErrorCode.InvalidParams, `unknown resource ${request.params.uri}`);
    }
    return { contents: [{ uri: GUIDE_URI, mimeType: 'text/markdown', text: GUIDE }] };
  });

  server.setRequestHandler(ListPromptsRequestSchema, async () => ({
    prompts: [
      {
        name: 'make_video',
        title: 'Make a video, reviewing the script first',
        description: 'Create a video from a topic, review its scenes with the user, then approve it',
        arguments: [
          { name: 'topic', description: 'What the video is about', required: true },
          { name: 'aspect_ratio', description: '16:9, 9:16 or 1:1', required: false },
        ],
      },
    ],
  }));

  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name !== 'make_video') {
      throw new McpError(ErrorCode.InvalidParams, `unknown prompt ${request.params.name}`);
    }
    const topic = request.params.arguments?.topic ?? '';
    const ratio = request.params.arguments?.aspect_ratio;
    return {
      description: 'Make a video, reviewing the script first',
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Make a short narrated video about: ${topic}\n` +
              `Call create_video with this prompt${ratio ? `, aspect_ratio "${ratio}"` : ''} and wait_for "review". ` +
              'Show me the scenes (narration and visual description) and ask what to change; apply my changes with ' +
              'update_scene (or regenerate_video with my feedback). Only when I agree, call approve_video, then ' +
              'get_video until it is completed and give me its video_url.\n\n' +
              GUIDE,
          },
        },
      ],
    };
  });
}
