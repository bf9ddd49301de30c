/**
 * PostgreSQL connections per API process (DB_POOL_SIZE). Measured with 100 clients on the customer
 * list and detail, 5, 10 and 20 side by side (docs/PERFORMANCE.md): beyond the cores PostgreSQL has, more
 * connections only queue inside PostgreSQL instead of in the pool. (Its own module: config.ts reads
 * it, and db/client.ts imports config.ts.)
 */
export const DEFAULT_POOL_SIZE = 10;
