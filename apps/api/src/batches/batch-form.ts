import { createHash } from 'node:crypto';
import { BadRequestError, ValidationError } from '@vidgen/core';
import busboy from 'busboy';
import type { Request } from 'express';
import { isMultipart } from '../assets/asset-form';

/** A CSV of 500 rows of a few variables of up to 500 characters fits well inside. */
export const BATCH_CSV_MAX_BYTES = 4 * 1024 * 1024;

export interface BatchForm {
  templateId: string | undefined;
  autoApprove: string | undefined;
  csv: string;
  /** sha256 of the file's bytes as uploaded. */
  fileSha256: string;
}

const BATCH_FORM_FIELDS = ['template_id', 'auto_approve'];

/** One read per request: the Idempotency-Key's fingerprint and the create share it. */
const forms = new WeakMap<Request, Promise<BatchForm>>();

/** Reads a multipart POST /batches whole (it is small): `template_id`, `auto_approve`, and the CSV `file`. */
export function readBatchForm(req: Request): Promise<BatchForm> {
  let form = forms.get(req);
  if (!form) {
    form = parseBatchForm(req);
    forms.set(req, form);
  }
  return form;
}

/**
 * What an Idempotency-Key on POST /batches compares (docs/decisions/0070-batch-durability-and-refunds.md):
 * the JSON body, or for an upload its fields and the sha256 of its file's bytes, so the same key
 * with another CSV is 409 while the same CSV (under any multipart boundary) replays.
 */
export async function batchRequestFingerprint(req: Request): Promise<unknown> {
  if (!isMultipart(req)) return req.body;
  const form = await readBatchForm(req);
  return {
    template_id: form.templateId ?? null,
    auto_approve: form.autoApprove ?? null,
    file_sha256: form.fileSha256,
  };
}

function parseBatchForm(req: Request): Promise<BatchForm> {
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
        const bytes = Buffer.concat(chunks);
        resolve({
          templateId: fields.template_id,
          autoApprove: fields.auto_approve,
          csv: bytes.toString('utf8'),
          fileSha256: createHash('sha256').update(bytes).digest('hex'),
        });
      }
    });
    req.pipe(parser);
  });
}
