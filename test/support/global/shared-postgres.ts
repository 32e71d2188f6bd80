// One PostgreSQL server for the whole test run (the vitest globalSetup of the `postgres` project), as pg-boss's own
// tests keep one: started once here, in vitest's main process, and announced to the test workers as
// TEST_POSTGRES_ADMIN_URL; each test asks test/support/use-postgres.ts for a database of its own on it. Only the tests
// that stop or pause the server start a cluster of their own (`usePostgres({ ownCluster: true })`).
import { type PostgresCluster, startPostgresCluster } from "../postgres-cluster";

export const ADMIN_URL_VARIABLE = "TEST_POSTGRES_ADMIN_URL";

export default async function setup(): Promise<() => Promise<void>> {
  // Two workers, each with a pool or a queue of its own, and tests that open several at once.
  const cluster: PostgresCluster = await startPostgresCluster({ maxConnections: 300 });
  process.env[ADMIN_URL_VARIABLE] = cluster.adminUrl;
  return async () => {
    delete process.env[ADMIN_URL_VARIABLE];
    await cluster.stop();
  };
}
