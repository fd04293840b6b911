import type { AssetRepository } from '@vidgen/assets';
import {
  decodeCursor,
  InsufficientCreditsError,
  InvalidStateError,
  NotFoundError,
  type Page,
  pageOf,
  type ValidationDetail,
  ValidationError,
} from '@vidgen/core';
import type { Database, Transaction } from '@vidgen/db';
import type { LedgerRepository } from '@vidgen/ledger';
import type { BrandService } from '../brands/brand.service';
import type { VideoBrand } from '../brands/brand.types';
import { assertAssetReferences } from '../client-assets';
import { type CreateKey, createdUnderKey } from '../create-key';
import type { Template, TemplateRepository } from '../templates/template.repository';
import { expandTemplate } from '../templates/template.service';
import { assetReferences, type CreateVideoInput, type VideoService } from '../video.service';
import type { Batch, BatchRepository, BatchRow, NewBatchRow } from './batch.repository';
import { csvRows } from './batch-csv';
import { estimatedCredits } from './batch-estimate';
import type { BatchWorkflowGateway } from './batch-workflow.gateway';

/** Rows of one batch, JSON or CSV. */
export const BATCH_ROWS_MAX = 500;

export interface BatchRowInput {
  variables: unknown;
  metadata?: unknown;
}

export interface NewBatch {
  templateId: string;
  rows: readonly BatchRowInput[];
  /** Default true: a batch runs through without stopping at the review gate. */
  autoApprove?: boolean;
  /** The Idempotency-Key the request claimed, recorded with the batch (docs/decisions/0070-batch-durability-and-refunds.md). */
  idempotency?: CreateKey;
}

/** A POST /videos body checked by the api's rules, its problems reported under `loc`. */
export type VideoRequestCheck = (
  raw: Record<string, unknown>,
  loc: (string | number)[],
) => Promise<CreateVideoInput>;

/**
 * Batches of videos made from a template (docs/decisions/0063-templates-and-batches.md). Every
 * row is checked, the credits estimated and the day's quota taken before anything starts; the
 * batch's workflow then creates the rows' videos as the account's slots free up.
 */
export class BatchService {
  constructor(
    private readonly batches: BatchRepository,
    private readonly templates: TemplateRepository,
    private readonly videos: Pick<VideoService, 'prepare'>,
    private readonly assets: AssetRepository,
    private readonly ledger: Pick<LedgerRepository, 'lockAccount'>,
    private readonly workflows: BatchWorkflowGateway,
    private readonly options: {
      /** The plan's daily creations (DailyVideoQuota): taken for every row at create, given back for rows a cancel stops. */
      dailyQuota?: {
        take(accountId: string, trx: Transaction<Database>, n: number): Promise<void>;
        giveBack(accountId: string, takenAt: string, n: number, trx: Transaction<Database>): Promise<void>;
      };
      onStartFailure?: (batchId: string, err: unknown) => void;
      /** Where a row's brand comes from (its request's `brand_id`, else the account's default), as for a video. */
      brands?: Pick<BrandService, 'forNewVideo'>;
    } = {},
  ) {}

  async create(accountId: string, input: NewBatch, check: VideoRequestCheck): Promise<Batch> {
    const template = await this.template(accountId, input.templateId);
    return this.createRows(accountId, template, input, check, []);
  }

  /**
   * The same from a CSV upload: a header row naming the variables, at most 500 rows. A missing
   * column is one problem (not one per row); every row is still checked for the rest.
   */
  async createFromCsv(
    accountId: string,
    input: { templateId: string; csv: string; autoApprove?: boolean; idempotency?: NewBatch['idempotency'] },
    check: VideoRequestCheck,
  ): Promise<Batch> {
    const template = await this.template(accountId, input.templateId);
    const csv = csvRows(input.csv, template.variables, BATCH_ROWS_MAX);
    return this.createRows(
      accountId,
      template,
      {
        templateId: template.id,
        rows: csv.rows,
        autoApprove: input.autoApprove,
        idempotency: input.idempotency,
      },
      check,
      csv.problems,
      new Set(csv.missingColumns),
    );
  }

  private async template(accountId: string, id: string): Promise<Template> {
    const template = await this.templates.find(accountId, id);
    if (!template) {
      throw new ValidationError([
        { loc: ['body', 'template_id'], msg: 'no template of this account has this id' },
      ]);
    }
    return template;
  }

  private async createRows(
    accountId: string,
    template: Template,
    input: NewBatch,
    check: VideoRequestCheck,
    earlier: ValidationDetail[],
    missingColumns: ReadonlySet<string> = new Set(),
  ): Promise<Batch> {
    const rows: NewBatchRow[] = [];
    const inputs: CreateVideoInput[] = [];
    const problems: ValidationDetail[] = [...earlier];
    for (const [i, row] of input.rows.entries()) {
      const loc = ['body', 'rows', i];
      try {
        const empty = Object.entries((row.variables ?? {}) as Record<string, unknown>).filter(
          ([, v]) => v === '',
        );
        if (empty.length > 0) {
          throw new ValidationError(
            empty.map(([name]) => ({ loc: [...loc, 'variables', name], msg: `row ${i}: ${name} is empty` })),
          );
        }
        const raw = expandTemplate(template, row.variables, { auto_approve: input.autoApprove ?? true }, loc);
        const video = await check(raw, loc);
        const prepared = await this.videos.prepare(video).catch((err: unknown) => {
          if (err instanceof ValidationError) {
            throw new ValidationError(
              err.details.map((d) => ({ loc: [...loc, ...d.loc.slice(1)], msg: d.msg })),
            );
          }
          throw err;
        });
        inputs.push(video);
        rows.push({
          variables: row.variables as Record<string, string>,
          metadata: row.metadata,
          video: prepared,
        });
      } catch (err) {
        if (!(err instanceof ValidationError)) throw err;
        // A column missing from the CSV was said once; its rows do not say it again.
        problems.push(
          ...err.details.filter((d) => !(d.loc[3] === 'variables' && missingColumns.has(String(d.loc[4])))),
        );
      }
    }
    if (problems.length > 0) throw new ValidationError(problems);

    const required = rows.reduce((n, r) => n + estimatedCredits(r.video), 0);
    const id = await this.batches.transaction(async (trx) => {
      const account = await this.ledger.lockAccount(accountId, trx);
      if (!account) throw new NotFoundError('Account');
      // The key's claim was freed (its api died after this commit, before answering): the batch
      // it made is the answer. Under the account's lock, so two retries cannot both create.
      const key = input.idempotency;
      const earlier = await createdUnderKey(trx, 'batches', accountId, key);
      if (earlier) return earlier;
      if (required > account.balance) throw new InsufficientCreditsError(required, account.balance);
      // The brand is copied into each row's video now, as a single video's is at its create.
      const brands = new Map<string | undefined, Promise<VideoBrand | null>>();
      for (const [i, video] of inputs.entries()) {
        const refs = assetReferences(video).map((r) => ({
          ...r,
          loc: ['body', 'rows', i, ...r.loc.slice(1)],
        }));
        await assertAssetReferences(this.assets, accountId, refs, trx);
        if (!this.options.brands) continue;
        if (!brands.has(video.brandId)) {
          brands.set(
            video.brandId,
            this.options.brands.forNewVideo(accountId, video.brandId, trx, ['body', 'rows', i, 'brand_id']),
          );
        }
        const brand = await brands.get(video.brandId)!;
        const row = rows[i]!;
        rows[i] = { ...row, video: { ...row.video, options: { ...row.video.options, brand } } };
      }
      // The day's quota for every row at once: a batch the plan cannot make today starts nothing.
      await this.options.dailyQuota?.take(accountId, trx, rows.length);
      return this.batches.create(accountId, template.id, rows, trx, key, this.workflows.taskQueue);
    });
    try {
      await this.workflows.start({ batchId: id, accountId });
      await this.batches.markWorkflowStarted(accountId, id);
    } catch (err) {
      this.options.onStartFailure?.(id, err);
    }
    return this.get(accountId, id);
  }

  async get(accountId: string, id: string): Promise<Batch> {
    const batch = await this.batches.find(accountId, id);
    if (!batch) throw new NotFoundError('Batch');
    return batch;
  }

  async list(accountId: string, q: { limit: number; cursor?: string }): Promise<Page<Batch>> {
    const rows = await this.batches.list(accountId, {
      limit: q.limit + 1,
      cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
    });
    return pageOf(rows, q.limit);
  }

  async rows(
    accountId: string,
    id: string,
    q: { limit: number; cursor?: string },
  ): Promise<{ items: BatchRow[]; nextCursor: string | null }> {
    await this.get(accountId, id);
    const after = q.cursor === undefined ? undefined : Number(q.cursor);
    const rows = await this.batches.rows(accountId, id, { limit: q.limit + 1, after });
    const items = rows.slice(0, q.limit);
    return { items, nextCursor: rows.length > q.limit ? String(items.at(-1)!.index) : null };
  }

  /**
   * Rows not started are cancelled; videos already started go on. The day's creations the
   * cancelled rows took at create go back to the quota in the same transaction, once per row
   * (the rows turn once, under the batch's lock). They hold no credits: a row's video is
   * charged at its review gate, as any video (docs/decisions/0070-batch-durability-and-refunds.md).
   */
  async cancel(accountId: string, id: string): Promise<Batch> {
    await this.batches.transaction(async (trx) => {
      const status = await this.batches.lockStatus(accountId, id, trx);
      if (status === undefined) throw new NotFoundError('Batch');
      if (status !== 'running') throw new InvalidStateError(`The batch is already ${status}`);
      const cancelled = await this.batches.cancelWaiting(accountId, id, trx);
      const batch = await this.batches.find(accountId, id, trx);
      await this.options.dailyQuota?.giveBack(accountId, batch!.createdAt, cancelled, trx);
      await this.batches.setStatus(accountId, id, 'cancelled', trx);
    });
    await this.workflows.nudge(id).catch(() => undefined);
    return this.get(accountId, id);
  }
}
