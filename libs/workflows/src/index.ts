// Contracts shared by the api (client side) and the worker. Workflow implementations are
// reached only through `workflowsPath` (./workflows.ts), which the worker bundles.
import path from 'node:path';

export * from './contracts';
export * from './video.contracts';
export * from './video-keys';
export * from './webhook-backoff';
export * from './webhook-delivery.contracts';

/**
 * Entry file of the workflow bundle, for bundleWorkflowCode and replay: the compiled
 * workflows.js beside this file under dist/ (production), else the TypeScript source.
 */
export function workflowsPath(): string {
  return path.join(__dirname, __filename.endsWith('.js') ? 'workflows.js' : 'workflows.ts');
}
