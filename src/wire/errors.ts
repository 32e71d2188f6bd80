// The body of every error answer of the HTTP API (server/middleware/error-response.ts makes it): plain words, a
// stable code, and the error's safe details in snake_case.
import { z } from "zod";

export const wireErrorSchema = z
  .object({
    success: z.literal(false),
    error: z.string().meta({ description: "what is wrong and, where possible, how to fix it, in plain words" }),
    code: z.string().meta({
      description: "stable and machine-readable: invalid_request, missing_api_key, provider_auth, no_data, ...",
    }),
  })
  .catchall(z.unknown())
  .meta({
    description:
      "Details may follow in snake_case: provider (key and provider errors), max_days and current_days (date ranges), symbol.",
  });
export type WireError = z.infer<typeof wireErrorSchema>;

/** An error in the middle of an analysis's event stream: the error body and the status it would have had. */
export const wireAnalysisErrorEventSchema = wireErrorSchema.extend({
  status: z.number().meta({ description: "the HTTP status the error would have had" }),
});
