// What the tests, the benches and the crash drill share to run vidgen for real: an api and
// workers started as separate processes, an HTTPS receiver for webhooks and downloads, and the
// drill. Never part of the production build (tsconfig.build.json leaves it out);
// docs/decisions/0059-tests-and-benches-keep-their-own.md.
export * from './drill/drill';
export * from './drill/drill-stack';
export * from './drill/drill-summary';
export * from './event-facts';
export * from './https-receiver';
export * from './media-timeline';
export * from './processes';
