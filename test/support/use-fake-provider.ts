// The fake provider server for a test file: started before its tests, reset after each, closed after all.
import { afterAll, afterEach, beforeAll } from "vitest";

import { type FakeProviderServer, startFakeProviderServer } from "../fakes/fake-provider-server";

/** Registers the hooks; `onStart` receives the server once it listens (assign it to the file's `server`). */
export function useFakeProvider(
  options: Parameters<typeof startFakeProviderServer>[0],
  onStart: (server: FakeProviderServer) => void,
): void {
  let server: FakeProviderServer | undefined;
  beforeAll(async () => {
    server = await startFakeProviderServer(options);
    onStart(server);
  });
  afterEach(() => server?.reset());
  afterAll(async () => {
    await server?.close();
  });
}
