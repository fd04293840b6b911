import { BadRequestError, ValidationError } from '@vidgen/core';
import busboy from 'busboy';
import type { Request } from 'express';

/** A CSV of 500 rows of a few variables of up to 500 characters fits well inside. */
export const BATCH_CSV_MAX_BYTES = 4 * 1024 * 1024;

export interface BatchForm {
  templateId: string | undefined;
  autoApprove: string | undefined;
  csv: string;
}

const BATCH_FORM_FIELDS = ['template_id', 'auto_approve'];

/** Reads a multipart POST /batches whole (it is small): `template_id`, `auto_approve`, and the CSV `file`. */
export function readBatchForm(req: Request): Promise<BatchForm> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { fileSize: BATCH_CSV_MAX_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 256 },
    });
  } catch (err) {
    return Promise.reject(new BadRequestError(`Invalid multipart body: ${(err as Error).message}`));
  }
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    // Parts the form does not have, refused as the JSON body refuses unknown fields.
    const unknown: string[] = [];
    let file = false;
    let tooBig = false;
    parser.on('field', (name, value) => {
      // A part without a name comes as undefined; its loc must still be a string.
      const field = name ?? '';
      if (BATCH_FORM_FIELDS.includes(field)) fields[field] = value;
      else unknown.push(field);
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file' || file) {
        stream.resume();
        unknown.push(name ?? '');
        return;
      }
      file = true;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () => {
        tooBig = true;
      });
    });
    parser.on('error', (err: Error) => reject(new BadRequestError(`Invalid multipart body: ${err.message}`)));
    parser.on('close', () => {
      if (unknown.length > 0) {
        reject(
          new ValidationError(
            unknown.map((field) => ({
              loc: ['body', field],
              msg: field === 'file' ? 'only one file per request' : `property ${field} should not exist`,
            })),
          ),
        );
      } else if (!file) {
        reject(
          new ValidationError([
            { loc: ['body', 'file'], msg: 'file is required: a multipart part named "file" holding the CSV' },
          ]),
        );
      } else if (tooBig) {
        reject(
          new ValidationError([
            { loc: ['body', 'file'], msg: `the CSV is larger than ${BATCH_CSV_MAX_BYTES} bytes` },
          ]),
        );
      } else {
        resolve({
          templateId: fields.template_id,
          autoApprove: fields.auto_approve,
          csv: Buffer.concat(chunks).toString('utf8'),
        });
      }
    });
    req.pipe(parser);
  });
}
