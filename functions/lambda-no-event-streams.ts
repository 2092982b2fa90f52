/**
 * What the Lambda bundles have instead of `@smithy/core/event-streams`
 * (functions/bundling.ts aliases it here): nothing that works.
 *
 * The SDK's HTTP protocol loads that module, by a dynamic import that esbuild
 * bundles whole (about 15 KiB minified), for operations whose input or output
 * is an event stream (S3 SelectObjectContent, Transcribe's streaming, ...).
 * No operation the functions send has one, so none of this is ever called. If
 * one ever did, its request fails with this message rather than quietly.
 */
function notBundled(): never {
  throw new Error('Event streams are not bundled in the Lambda functions (functions/lambda-no-event-streams.ts)');
}

export const eventStreamSerdeProvider = notBundled;

/** A client with event-stream operations (S3) calls this when it is made: it sets up no event-stream marshaller. */
export const resolveEventStreamSerdeConfig = <Config>(config: Config): Config => config;

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}
