// Contracts shared by the api (client side) and the worker. Workflow implementations are
// reached only through `workflowsPath` (./workflows.ts), which the worker bundles.
import { existsSync } from 'node:fs';
import path from 'node:path';

export * from './batch.contracts';
export * from './bounded-map';
export * from './contracts';
export * from './media-priority';
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

/** Where `npm run build` writes the workflow bundle: beside the compiled workflows.js. */
export function builtWorkflowBundlePath(): string {
  return path.join(__dirname, 'workflow-bundle.js');
}

/**
 * The prebuilt workflow bundle of a compiled run (dist/libs/workflows/src/workflow-bundle.js), or
 * undefined when running the TypeScript sources or when the build wrote none. A worker given it
 * skips bundling at start-up, which costs ~65 MB it never gives back
 * (docs/decisions/0020-service-memory.md).
 */
export function prebuiltWorkflowBundlePath(): string | undefined {
  if (!__filename.endsWith('.js')) return undefined;
  const file = builtWorkflowBundlePath();
  return existsSync(file) ? file : undefined;
}
