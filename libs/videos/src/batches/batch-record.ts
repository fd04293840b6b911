import { toIsoZ } from '@vidgen/core';
import type { Batch } from './batch.repository';

/** The batch record of docs/api.md#templates-and-batches, as the api answers it and `batch.completed` carries it. */
export interface BatchRecord {
  id: string;
  template_id: string;
  status: Batch['status'];
  total: number;
  waiting: number;
  in_progress: number;
  completed: number;
  failed: number;
  cancelled: number;
  created_at: string;
  completed_at: string | null;
}

export function toBatchRecord(b: Batch): BatchRecord {
  return {
    id: b.id,
    template_id: b.templateId,
    status: b.status,
    total: b.total,
    waiting: b.waiting,
    in_progress: b.inProgress,
    completed: b.completed,
    failed: b.failed,
    cancelled: b.cancelled,
    created_at: toIsoZ(b.createdAt),
    completed_at: b.completedAt && toIsoZ(b.completedAt),
  };
}
