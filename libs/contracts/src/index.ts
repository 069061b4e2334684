export * from './errors';
export * from './caller';
export * from './identity';
export * from './subjects';
export * from './events';
export * from './analysis';
export * from './identity-requests';
export * from './upload';
