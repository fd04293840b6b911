// Entry point of the workflow bundle: every workflow the worker runs is exported here.
export { batchWorkflow } from './batch.workflow';
export { videoPipelineWorkflow } from './video-pipeline.workflow';
export { webhookDeliveryWorkflow } from './webhook-delivery.workflow';
