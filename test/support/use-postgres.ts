// A throwaway PostgreSQL cluster for a test file: started before its tests, stopped after them, with a fresh
// database for each caller of `database()`. A cluster that cannot start fails every test that asks for a database,
// with the reason (missing binaries: run ./scripts/install.sh), instead of skipping it.
import { afterAll, beforeAll } from "vitest";

import { type PostgresCluster, startPostgresCluster } from "./postgres-cluster";

export interface PostgresHarness {
  /** A new, empty database's postgres:// URL. */
  database(): Promise<string>;
  /** The cluster itself (to pause and resume it). */
  cluster(): PostgresCluster;
}

let counter = 0;

export function usePostgres(): PostgresHarness {
  let cluster: PostgresCluster | undefined;
  let startError: unknown;
  beforeAll(async () => {
    cluster = await startPostgresCluster().catch((error: unknown) => ((startError = error), undefined));
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  return {
    async database() {
      if (!cluster) throw startError;
      counter += 1;
      return cluster.createDatabase(`test_${process.pid}_${counter}`);
    },
    cluster() {
      if (!cluster) throw startError;
      return cluster;
    },
  };
}
