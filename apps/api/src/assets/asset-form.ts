import { PassThrough } from 'node:stream';
import { AssetRejectedError } from '@vidgen/assets';
import { BadRequestError, type ValidationDetail, ValidationError } from '@vidgen/core';
import type { AssetUpload } from '@vidgen/videos';
import busboy from 'busboy';
import type { Request } from 'express';
import { ASSET_NAME_MAX } from './assets.dto';

export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.header('content-type') ?? '');
}

/**
 * Reads a `multipart/form-data` POST /assets as it streams: resolves as soon as the `file`
 * part begins, with that part as a stream (the service writes it to disk as it arrives) and
 * the other fields as a promise settled when the form ends, so `name` may come before or after
 * the file. The part is cut off at `maxBytes` by busboy's own limit; then, as on a client that
 * disconnects mid-upload, the stream errors so the service removes what it had written, and the
 * answer closes the connection rather than read the rest of an oversized body.
 */
export function readAssetForm(req: Request, maxBytes: number): Promise<AssetUpload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      // Two files, so a second part is reported by its name; more are cut off as `filesLimit`.
      limits: { fileSize: maxBytes, files: 2, fields: 4, parts: 6, fieldSize: 4 * ASSET_NAME_MAX },
    });
  } catch (err) {
    return Promise.reject(new BadRequestError(`Invalid multipart body: ${(err as Error).message}`));
  }
  const stopReading = () => {
    req.unpipe(parser);
    req.res?.setHeader('Connection', 'close');
  };
  /**
   * A refusal that is not about size waits for the rest of the body (up to the size limit)
   * before it answers: a client still sending would otherwise find the connection closed
   * under its request (EPIPE) and never read the 422.
   */
  const refuseAfterBody = (err: Error, refuse: (err: Error) => void) => {
    req.unpipe(parser);
    let seen = 0;
    let done = false;
    const once = () => {
      if (!done) {
        done = true;
        refuse(err);
      }
    };
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes && !done) {
        stopReading();
        req.pause();
        once();
      }
    });
    req.once('end', once);
    req.resume();
  };

  return new Promise<AssetUpload>((resolve, reject) => {
    let file: PassThrough | undefined;
    const problems: ValidationDetail[] = [];
    const fields: { name?: string } = {};
    let settleFields: { resolve: (f: { name?: string }) => void; reject: (e: Error) => void };
    const fieldsDone = new Promise<{ name?: string }>((res, rej) => {
      settleFields = { resolve: res, reject: rej };
    });
    // The service awaits the fields only once the file is in; a refused file leaves them unread.
    fieldsDone.catch(() => undefined);
    const fail = (err: Error) => {
      if (file) {
        file.destroy(err);
        settleFields.reject(err);
      } else reject(err);
    };

    parser.on('file', (name, stream, info) => {
      const field = name ?? '';
      if (field !== 'file' || file) {
        stream.resume();
        const msg = field === 'file' ? 'only one file per request' : `property ${field} should not exist`;
        const problem = { loc: ['body', field], msg };
        // After the file, the file is already on its way: report with the other fields.
        if (file) return void problems.push(problem);
        return refuseAfterBody(new ValidationError([problem]), fail);
      }
      file = new PassThrough();
      stream.on('limit', () => {
        stopReading();
        file?.destroy(new AssetRejectedError(`the file is larger than ${maxBytes} bytes`));
      });
      stream.on('error', (err: Error) => file?.destroy(err));
      stream.pipe(file);
      resolve({ file, fileName: info.filename, fields: fieldsDone });
    });
    parser.on('field', (name, value, info) => {
      // A part without a name comes as undefined; its loc must still be a string.
      const field = name ?? '';
      if (field !== 'name')
        problems.push({ loc: ['body', field], msg: `property ${field} should not exist` });
      else if (
        info.valueTruncated ||
        value.length < 1 ||
        value.length > ASSET_NAME_MAX ||
        value.includes('\u0000')
      ) {
        problems.push({
          loc: ['body', 'name'],
          msg: `name must be 1 to ${ASSET_NAME_MAX} characters, without NUL`,
        });
      } else fields.name = value;
    });
    parser.on('filesLimit', () => problems.push({ loc: ['body', 'file'], msg: 'only one file per request' }));
    parser.on('close', () => {
      if (!file) {
        problems.push({ loc: ['body', 'file'], msg: 'file is required: a multipart part named "file"' });
        return reject(new ValidationError(problems));
      }
      if (problems.length > 0) settleFields.reject(new ValidationError(problems));
      else settleFields.resolve(fields);
    });
    parser.on('error', (err: Error) => {
      stopReading();
      fail(file ? err : new BadRequestError(`Invalid multipart body: ${err.message}`));
    });
    // A client that goes away mid-upload ends neither the request nor the form: say so.
    req.on('close', () => {
      if (!req.complete) fail(new Error('the client disconnected'));
    });
    req.pipe(parser);
  });
}
