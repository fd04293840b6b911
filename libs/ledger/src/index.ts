export * from './charge.service';
export * from './credits.service';
export * from './ledger.repository';
export * from './ledger.service';
export * from './payment.provider';
export * from './plans';
export * from './pricing';
