import { Injectable } from '@nestjs/common';
import { AssetRepository, AssetStorage } from '@vidgen/assets';
import { type AspectRatio, frameSize, logoImage, previewSvg, renderSvgPng } from '@vidgen/media';
import { BrandService } from '@vidgen/videos';

/** The sample caption of a preview: its second word shows the highlight colour. */
const PREVIEW_CAPTION = 'Your captions look like this';

/**
 * `GET /brands/{id}/preview.png`: one frame drawn as SVG and rasterised by resvg in the api (no
 * ffmpeg, no model runtime; resvg loads on the first preview).
 */
@Injectable()
export class BrandPreviewService {
  constructor(
    private readonly brands: BrandService,
    private readonly assets: AssetRepository,
    private readonly storage: AssetStorage,
  ) {}

  async draw(accountId: string, id: string, aspectRatio: AspectRatio): Promise<Buffer> {
    const brand = await this.brands.get(accountId, id);
    let logo = null;
    if (brand.logo) {
      const asset = await this.assets.find(accountId, brand.logo.asset_id);
      // A deleted logo is left out of the preview, as of the videos made from now on.
      if (asset?.width && asset.height) {
        const bytes = Buffer.concat((await (await this.storage.read(asset.path)).toArray()) as Buffer[]);
        logo = { ...logoImage(bytes, asset.width, asset.height), ...brand.logo };
      }
    }
    const style = {
      font: brand.font,
      captions: brand.captions,
      palette: brand.palette,
      intro: null,
      outro: null,
      logo,
    };
    return renderSvgPng(previewSvg(frameSize(aspectRatio), style, PREVIEW_CAPTION));
  }
}
