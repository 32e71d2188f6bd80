// PostgreSQL for a test file: a fresh, empty database on the run's one server (test/support/global/shared-postgres.ts)
// for each caller of `database()`. A file that stops or pauses the server (a restart, an outage) asks for a cluster of
// its own with `ownCluster: true`, started before its tests and stopped after them. A server that cannot start fails
// every test that asks for a database, with the reason (missing binaries: run ./scripts/install.sh), never a skip.
import { randomBytes } from "node:crypto";

import { afterAll, beforeAll } from "vitest";

import { ADMIN_URL_VARIABLE } from "./global/shared-postgres";
import { createDatabase, type PostgresCluster, startPostgresCluster } from "./postgres-cluster";

export interface PostgresHarness {
  /** A new, empty database's postgres:// URL. */
  database(): Promise<string>;
  /** The file's own cluster (to pause and resume it); only with `ownCluster: true`. */
  cluster(): PostgresCluster;
}

/** A database name no other worker or file picks: workers share one server. */
export function uniqueDatabaseName(prefix = "test"): string {
  return `${prefix}_${randomBytes(6).toString("hex")}`;
}

/** The run's server, as the global setup announced it. */
export function sharedAdminUrl(): string {
  const url = process.env[ADMIN_URL_VARIABLE];
  if (!url)
    throw new Error(
      `No PostgreSQL server for this run (${ADMIN_URL_VARIABLE} is not set): this file belongs in the "postgres" ` +
        "project of vitest.config.mts, whose global setup starts one.",
    );
  return url;
}

export function usePostgres(options: { ownCluster?: boolean } = {}): PostgresHarness {
  if (!options.ownCluster) {
    return {
      database: () => createDatabase(sharedAdminUrl(), uniqueDatabaseName()),
      cluster() {
        throw new Error(
          "This file uses the run's shared PostgreSQL server: usePostgres({ ownCluster: true }) to stop it.",
        );
      },
    };
  }
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
      return cluster.createDatabase(uniqueDatabaseName());
    },
    cluster() {
      if (!cluster) throw startError;
      return cluster;
    },
  };
}
