export * from './agent.ts';
export * from './system.ts';
export * from './customer.ts';
export * from './station.ts';
export * from './admin.ts';
export * from './operations.ts';
export * from './counts.ts';
export * from './statistics.ts';
