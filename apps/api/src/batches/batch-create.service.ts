import { Injectable } from '@nestjs/common';
import { ValidationError } from '@vidgen/core';
import { type Batch, BatchService } from '@vidgen/videos';
import type { Request } from 'express';
import { isMultipart } from '../assets/asset-form';
import { claimedKey } from '../common/idempotency.interceptor';
import { ApiValidationPipe } from '../common/validation.pipe';
import { checkVideoRequest } from '../videos/video-request';
import { readBatchForm } from './batch-form';
import { CreateBatchDto } from './batches.dto';

const UUID = /^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

/**
 * POST /batches takes JSON rows or a CSV upload, which no single DTO describes: the JSON is
 * validated here with the global pipe's rules, the CSV read from the multipart form. Each row
 * is then checked as a POST /videos body (checkVideoRequest).
 */
@Injectable()
export class BatchCreateService {
  private readonly validation = new ApiValidationPipe();

  constructor(private readonly batches: BatchService) {}

  async create(accountId: string, req: Request): Promise<Batch> {
    if (isMultipart(req)) {
      const form = await readBatchForm(req);
      if (!form.templateId || !UUID.test(form.templateId)) {
        throw new ValidationError([{ loc: ['body', 'template_id'], msg: 'template_id must be a UUID' }]);
      }
      if (form.autoApprove !== undefined && !['true', 'false'].includes(form.autoApprove)) {
        throw new ValidationError([
          { loc: ['body', 'auto_approve'], msg: 'auto_approve must be true or false' },
        ]);
      }
      return this.batches.createFromCsv(
        accountId,
        {
          templateId: form.templateId.toLowerCase(),
          csv: form.csv,
          autoApprove: form.autoApprove !== 'false',
          idempotency: claimedKey(req),
        },
        checkVideoRequest,
      );
    }
    const dto = (await this.validation.transform(req.body, {
      type: 'body',
      metatype: CreateBatchDto,
    })) as CreateBatchDto;
    return this.batches.create(
      accountId,
      {
        templateId: dto.template_id.toLowerCase(),
        rows: dto.rows.map((r) => ({ variables: r.variables, metadata: r.metadata })),
        autoApprove: dto.auto_approve,
        idempotency: claimedKey(req),
      },
      checkVideoRequest,
    );
  }
}
