import { pipeline } from 'node:stream/promises';
import { NotFoundError } from '@vidgen/core';
import type { Request, Response } from 'express';
import type { AssetFile } from './asset-content.service';

const CACHE_CONTROL = 'private, max-age=3600';

/**
 * An asset's bytes with HTTP Range support: a file on this disk through express's sendFile (local
 * storage); an object in the bucket as a ranged read of just the requested bytes (s3). Either
 * way one satisfiable range gets 206, an unsatisfiable one 416 with `Content-Range: bytes *\/size`,
 * and several ranges or a malformed header the whole file.
 */
export function sendAsset(req: Request, res: Response, file: AssetFile): Promise<void> {
  return file.path === undefined ? sendObject(req, res, file) : sendLocalFile(res, file, file.path);
}

function sendLocalFile(res: Response, file: AssetFile, filePath: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    res.sendFile(
      filePath,
      {
        headers: { 'Content-Type': file.mimeType, 'Cache-Control': CACHE_CONTROL },
        acceptRanges: true,
        dotfiles: 'allow',
      },
      (err) => {
        if (!err || res.headersSent) return resolve();
        // send set Content-Range: bytes */size already; the status is all that is left to say.
        if ((err as { status?: number }).status === 416) {
          res.status(416).end();
          return resolve();
        }
        reject(new NotFoundError('Asset'));
      },
    );
  });
}

async function sendObject(req: Request, res: Response, file: AssetFile): Promise<void> {
  const size = await file.size();
  if (size === undefined) throw new NotFoundError('Asset');
  res.setHeader('Content-Type', file.mimeType);
  res.setHeader('Cache-Control', CACHE_CONTROL);
  res.setHeader('Accept-Ranges', 'bytes');
  const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
  if (ranges === -1) {
    res.setHeader('Content-Range', `bytes */${size}`);
    res.status(416).end();
    return;
  }
  const one = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  if (one) {
    res.status(206);
    res.setHeader('Content-Range', `bytes ${one.start}-${one.end}/${size}`);
    res.setHeader('Content-Length', String(one.end - one.start + 1));
  } else {
    res.status(200);
    res.setHeader('Content-Length', String(size));
  }
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const body = await file.read(one);
  // A client that goes away mid-download ends the read from the bucket too.
  await pipeline(body, res).catch((err) => {
    if (!res.writableFinished) res.destroy(err);
  });
}
