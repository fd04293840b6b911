import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { AssetIntake, StagedMedia } from '@vidgen/assets';
import {
  orientationOf,
  ProviderError,
  ProviderTimeoutError,
  type StockItem,
  type StockProvider,
  searchTerms,
} from '@vidgen/media';

export interface StockDeps {
  provider: StockProvider;
  /** Downloads under the import rules (SSRF, size, sniff and decode). */
  intake: Pick<AssetIntake, 'fromUrl' | 'discard'>;
}

/** A clip or photo from the stock library, downloaded, verified and copied into the step's folder. */
export interface StockPick {
  item: StockItem;
  path: string;
  type: 'image' | 'video';
  mimeType: string;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/** Downloads tried per scene before it settles for something else: a broken file is skipped. */
const MAX_DOWNLOADS = 3;
// About 2.5 words a second: the narration's length before it is spoken.
const WORDS_PER_SECOND = 2.5;

/**
 * A scene's stock media: a clip at least as long as the scene when one exists, else a photo;
 * never an item another scene of the video shows (`used`: their credits' pages); `offset` (the
 * scene's index) spreads scenes searched at the same time over different results. Undefined
 * when the library has nothing that fits. Provider errors propagate (ProviderError); `signal`
 * stops the searches, the downloads and their decodes wherever they are, rejecting with its reason.
 */
export async function pickStock(
  deps: StockDeps,
  scene: {
    description: string;
    /** The client's own search words, used as given. */
    searchTerms?: string | null;
    narration: string;
    seconds: number | null;
    offset: number;
  },
  frame: { width: number; height: number },
  used: ReadonlySet<string>,
  dir: string,
  signal?: AbortSignal,
): Promise<StockPick | undefined> {
  const { width, height } = frame;
  const query = {
    terms:
      scene.searchTerms?.trim() ||
      searchTerms(scene.description) ||
      searchTerms(scene.narration) ||
      'landscape',
    orientation: orientationOf(width, height),
    perPage: 15,
  };
  const seconds = scene.seconds ?? scene.narration.split(/\s+/).length / WORDS_PER_SECOND;
  const fresh = (items: StockItem[]) => items.filter((i) => !used.has(i.credit.source_url));
  const spread = (items: StockItem[]) => {
    const k = items.length ? scene.offset % items.length : 0;
    return [...items.slice(k), ...items.slice(0, k)];
  };
  const clips = fresh(await deps.provider.searchVideos(query, signal)).filter(
    (c) => (c.durationSeconds ?? 0) >= seconds,
  );
  const candidates = spread(clips);
  if (candidates.length === 0)
    candidates.push(...spread(fresh(await deps.provider.searchPhotos(query, signal))));
  for (const item of candidates.slice(0, MAX_DOWNLOADS)) {
    signal?.throwIfAborted();
    let staged: StagedMedia;
    try {
      staged = await deps.intake.fromUrl(item.downloadUrl, undefined, signal);
    } catch {
      if (signal?.aborted) throw signal.reason;
      continue; // refused by the import rules or broken: the next result
    }
    try {
      if (staged.type !== (item.kind === 'video' ? 'video' : 'image')) continue;
      const file = path.join(dir, `stock.${staged.extension}`);
      await copyFile(staged.path, file);
      return {
        item,
        path: file,
        type: staged.type,
        mimeType: staged.contentType,
        width: staged.width,
        height: staged.height,
        durationSeconds: staged.durationSeconds,
      };
    } finally {
      await deps.intake.discard(staged);
    }
  }
  return undefined;
}

/**
 * Why the stock library gave nothing, for the client's event log: what failed, in vidgen's own
 * words (the stock providers' errors are written so), never what the library answered.
 */
export function stockProblem(err: unknown): string {
  if (err instanceof ProviderError || err instanceof ProviderTimeoutError) return err.message;
  return "the stock library's answer could not be read";
}
