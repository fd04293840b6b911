// Contracts shared by the api (client side) and the worker. Workflow implementations are
// reached only through `workflowsPath` (./workflows.ts), which the worker bundles.
export * from './contracts';
export * from './health.contracts';
