/**
 * How long the functions wait for an AWS service, set on each SDK client
 * (its HTTP handler's time-outs, its number of attempts). Without a limit, a
 * service that hangs holds the function until Lambda kills it, and the
 * visitor gets the gateway's bare error instead of our JSON 503 (and locally,
 * waits forever). A connection must open within `connectionTimeout`, and a
 * call that sends or receives nothing for `socketTimeout` is given up (an
 * idle limit on the socket, not a total one, so a large S3 transfer that
 * keeps moving is never cut). The SDK retries a time-out, so a hanging
 * DynamoDB or S3 fails a call after about maxAttempts × socketTimeout plus
 * back-off (some 6.5 s), inside the shortest function time-out (10 s,
 * infra/constructs/api/api.ts). A healthy call answers in milliseconds.
 */
export const AWS_CALL_LIMITS = {
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 1_000, socketTimeout: 2_000 },
} as const;
