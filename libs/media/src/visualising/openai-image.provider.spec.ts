import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, pngBase64, useFakeOpenAi } from '../../test/support/fake-openai';
import { ProviderError } from '../common/media.errors';
import { OpenAiImageProvider } from './openai-image.provider';

describe('OpenAI-compatible image provider', () => {
  const stand = useFakeOpenAi();
  const { fake } = stand;

  it('generates an image at the size for the aspect ratio and stores it at frame size', async () => {
    const b64 = await pngBase64(1536, 1024);
    fake.handlers.set('POST /v1/images/generations', (_req, res) =>
      json(res, 200, { data: [{ b64_json: b64 }] }),
    );
    const out = path.join(stand.dir, 'image.png');
    const image = await new OpenAiImageProvider(stand.client, 'gpt-image-1').generateImage(
      {
        description: 'A bee on a sunflower in the meadow',
        sceneIndex: 0,
        sceneCount: 1,
        aspectRatio: '16:9',
        seed: 's',
      },
      out,
    );
    // It says what it was asked to show; a model's picture uses no third-party work.
    expect(image).toEqual({
      path: out,
      width: 1280,
      height: 720,
      mimeType: 'image/png',
      depicts: ['honeybee', 'sunflower', 'meadow'],
      attribution: [],
    });
    const png = await readFile(out);
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBe(720);
    const body = fake.requests[0]!.body;
    expect(body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024', n: 1 });
    expect(body.prompt).toContain('A bee on a sunflower');
    // gpt-image models reject response_format; older ones need it for base64.
    expect(body).not.toHaveProperty('response_format');

    await new OpenAiImageProvider(stand.client, 'dall-e-3').generateImage(
      { description: 'A hive', sceneIndex: 0, sceneCount: 1, aspectRatio: '9:16', seed: 's' },
      path.join(stand.dir, 'image-2.png'),
    );
    expect(fake.requests[1]!.body).toMatchObject({ response_format: 'b64_json', size: '1024x1792' });
  });

  it('rejects unreadable image data without writing a file', async () => {
    fake.handlers.set('POST /v1/images/generations', (_req, res) =>
      json(res, 200, { data: [{ b64_json: Buffer.from('not an image').toString('base64') }] }),
    );
    const out = path.join(stand.dir, 'bad-image.png');
    await expect(
      new OpenAiImageProvider(stand.client, 'gpt-image-1').generateImage(
        { description: 'x', sceneIndex: 0, sceneCount: 1, aspectRatio: '1:1', seed: 's' },
        out,
      ),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(await readdir(stand.dir)).not.toContain('bad-image.png');
  });
});
