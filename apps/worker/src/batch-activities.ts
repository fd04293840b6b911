import type { Client } from '@temporalio/client';
import type { AppConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';
import { VideoWorkflowClient } from '@vidgen/temporal';
import { BatchRepository, createBatchActivities, VideoRepository } from '@vidgen/videos';
import type { BatchActivities } from '@vidgen/workflows';

/** The batch workflow's activity: it creates the rows' videos and starts their workflows. */
export function createBatchWorkerActivities(deps: {
  db: Db;
  client: Client;
  config: AppConfig;
}): BatchActivities {
  return createBatchActivities({
    batches: new BatchRepository(deps.db),
    videos: new VideoRepository(deps.db),
    workflows: new VideoWorkflowClient(
      deps.client,
      deps.config.temporal.taskQueue,
      deps.config.temporal.videoUpdatesPerRun,
    ),
  });
}
