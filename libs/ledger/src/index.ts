export * from './ledger.repository';
export * from './ledger.service';
export * from './pricing';
