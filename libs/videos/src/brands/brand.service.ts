import type { AssetRepository } from '@vidgen/assets';
import { InvalidStateError, NotFoundError, ValidationError } from '@vidgen/core';
import type { Database, Transaction } from '@vidgen/db';
import { isFontId } from '@vidgen/media';
import { assertAssetReferences } from '../client-assets';
import type { BrandRepository } from './brand.repository';
import type { Brand, BrandSettings, VideoBrand } from './brand.types';
import { toVideoBrand } from './brand.types';

export interface BrandInput extends BrandSettings {
  name: string;
  isDefault: boolean;
}

/** Fields a PATCH sets; left out, a field keeps its value, null clears it. */
export type BrandPatch = Partial<BrandInput>;

/** The rules of /brands (docs/decisions/0064-brand-kits.md). */
export class BrandService {
  constructor(
    private readonly brands: BrandRepository,
    private readonly assets: Pick<AssetRepository, 'findShared'>,
  ) {}

  async create(accountId: string, input: BrandInput): Promise<Brand> {
    return this.brands.transaction(async (trx) => {
      await this.assertReferences(accountId, input, trx);
      return this.brands.insert(accountId, writeOf(input), trx);
    });
  }

  list(accountId: string): Promise<Brand[]> {
    return this.brands.list(accountId);
  }

  async get(accountId: string, id: string): Promise<Brand> {
    const brand = await this.brands.find(accountId, id);
    if (!brand) throw new NotFoundError('Brand');
    return brand;
  }

  async update(accountId: string, id: string, patch: BrandPatch): Promise<Brand> {
    return this.brands.transaction(async (trx) => {
      const brand = await this.brands.find(accountId, id, trx);
      if (!brand) throw new NotFoundError('Brand');
      const next: BrandInput = {
        name: patch.name ?? brand.name,
        isDefault: patch.isDefault ?? brand.isDefault,
        logo: patch.logo !== undefined ? patch.logo : brand.logo,
        font: patch.font !== undefined ? patch.font : brand.font,
        captions: patch.captions !== undefined ? patch.captions : brand.captions,
        palette: patch.palette !== undefined ? patch.palette : brand.palette,
        intro: patch.intro !== undefined ? patch.intro : brand.intro,
        outro: patch.outro !== undefined ? patch.outro : brand.outro,
      };
      await this.assertReferences(accountId, next, trx);
      return this.brands.update(accountId, id, writeOf(next), trx);
    });
  }

  /** 409 while a video that is not finished uses it: a render in progress reads its copy, but says which brand it wears. */
  async delete(accountId: string, id: string): Promise<void> {
    await this.brands.transaction(async (trx) => {
      const brand = await this.brands.find(accountId, id, trx);
      if (!brand) throw new NotFoundError('Brand');
      if (await this.brands.inUseByVideoInProgress(accountId, id, trx))
        throw new InvalidStateError('A video in progress uses this brand');
      await this.brands.delete(accountId, id, trx);
    });
  }

  /**
   * The brand a new video wears, copied: the one named (`brand_id`, at `loc`), else the account's
   * default, else none. Called inside the creating transaction.
   */
  async forNewVideo(
    accountId: string,
    brandId: string | undefined,
    trx: Transaction<Database>,
    loc: (string | number)[] = ['body', 'brand_id'],
  ): Promise<VideoBrand | null> {
    if (brandId === undefined) {
      const fallback = await this.brands.findDefault(accountId, trx);
      return fallback ? toVideoBrand(fallback) : null;
    }
    const brand = await this.brands.find(accountId, brandId, trx);
    if (!brand) throw new ValidationError([{ loc, msg: `no brand ${brandId} in this account` }]);
    return toVideoBrand(brand);
  }

  private async assertReferences(accountId: string, input: BrandSettings, trx: Transaction<Database>) {
    if (input.font !== null && !isFontId(input.font))
      throw new ValidationError([{ loc: ['body', 'font'], msg: `no font ${input.font} (GET /fonts)` }]);
    if (input.logo)
      await assertAssetReferences(
        this.assets,
        accountId,
        [{ loc: ['body', 'logo', 'asset_id'], id: input.logo.asset_id, type: 'image' }],
        trx,
      );
  }
}

function writeOf(input: BrandInput) {
  const { name, isDefault, ...settings } = input;
  return {
    name,
    isDefault,
    settings: {
      logo: settings.logo,
      font: settings.font,
      captions: settings.captions,
      palette: settings.palette,
      intro: settings.intro,
      outro: settings.outro,
    },
  };
}
