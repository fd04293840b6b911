import type { AssetRepository, AssetType } from '@vidgen/assets';
import { type ValidationDetail, ValidationError } from '@vidgen/core';
import type { Database, Transaction } from '@vidgen/db';

export interface AssetReference {
  /** Where the id sits in the request, e.g. ["body", "scenes", 0, "image_asset_id"]. */
  loc: (string | number)[];
  id: string;
  type: Extract<AssetType, 'image' | 'audio' | 'video'>;
}

/**
 * Every asset a request names must be one of the account's own, not deleted, of the type the
 * field needs (an image for a scene, audio for music). All problems are reported at once, each
 * at its field; another account's asset reads as missing, so nothing about it leaks. Each asset
 * stays share-locked until the caller's transaction ends, so it cannot be deleted between this
 * check and the write that starts to use it.
 */
export async function assertAssetReferences(
  assets: Pick<AssetRepository, 'findShared'>,
  accountId: string,
  refs: readonly AssetReference[],
  trx: Transaction<Database>,
): Promise<void> {
  const found = await assets.findShared(
    accountId,
    refs.map((r) => r.id),
    trx,
  );
  const details: ValidationDetail[] = [];
  for (const ref of refs) {
    const asset = found.get(ref.id);
    if (!asset) details.push({ loc: ref.loc, msg: `no asset ${ref.id} in this account` });
    else if (asset.type !== ref.type)
      details.push({ loc: ref.loc, msg: `asset ${ref.id} is ${an(asset.type)}, not ${an(ref.type)}` });
    // A rendered video belongs to its own video and goes with it; only the client's clips play in scenes.
    else if (ref.type === 'video' && asset.source === 'generated')
      details.push({ loc: ref.loc, msg: `asset ${ref.id} is a rendered video, not an uploaded clip` });
  }
  if (details.length > 0) throw new ValidationError(details);
}

function an(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
