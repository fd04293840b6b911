/** Which way the frame is long: the provider's orientation filter and the shape a pick must fill. */
export type StockOrientation = 'landscape' | 'portrait' | 'square';

export interface StockQuery {
  /** A few words: what the scene shows. */
  terms: string;
  orientation: StockOrientation;
  /** Results per page (the providers cap it: Pexels 80, Pixabay 200). */
  perPage: number;
}

/** The credit a stock item needs (an asset's attribution). */
export interface StockCredit {
  title: string;
  author: string;
  license: string;
  source_url: string;
}

/** One clip or photo a provider found: where to download it, how big it is, whose it is. */
export interface StockItem {
  kind: 'video' | 'photo';
  /** `pexels:video:123`: the same item across searches, so a video never shows it twice. */
  key: string;
  downloadUrl: string;
  width: number;
  height: number;
  /** Seconds, for a clip. */
  durationSeconds: number | null;
  credit: StockCredit;
}

/** A stock footage and photo library (Pexels, Pixabay) behind one interface. */
export interface StockProvider {
  readonly name: 'pexels' | 'pixabay';
  searchVideos(query: StockQuery, signal?: AbortSignal): Promise<StockItem[]>;
  searchPhotos(query: StockQuery, signal?: AbortSignal): Promise<StockItem[]>;
}

/** The orientation of a frame of this width and height. */
export function orientationOf(width: number, height: number): StockOrientation {
  if (width === height) return 'square';
  return width > height ? 'landscape' : 'portrait';
}
