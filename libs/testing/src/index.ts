export * from './container-runtime';
export * from './database';
export * from './nats';
export * from './factories';
export * from './wait';
export * from './events';
export * from './service';
export * from './stripe-double';
