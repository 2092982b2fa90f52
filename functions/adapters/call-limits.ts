/**
 * How long the API waits for DynamoDB, S3 and Secrets Manager. Without a
 * limit, a service that hangs holds the function until Lambda kills it, and
 * the visitor gets the gateway's bare error instead of our JSON 503 (and
 * locally, waits forever). A connection must open within `connectionTimeout`,
 * and a call that sends or receives nothing for `socketTimeout` is given up
 * (an idle limit, not a total one, so a large S3 transfer that keeps moving
 * is never cut). The DynamoDB client (dynamodb/document-db.ts) and the secret
 * reads retry a time-out, so a hanging DynamoDB fails a call after about
 * maxAttempts × socketTimeout plus back-off (some 6.5 s); S3's requests
 * (aws-request.ts) fail at the first time-out. Both inside the shortest
 * function time-out (10 s, infra/constructs/api.ts). A healthy call answers
 * in milliseconds.
 */
export const AWS_CALL_LIMITS = {
  maxAttempts: 3,
  requestHandler: { connectionTimeout: 1_000, socketTimeout: 2_000 },
} as const;
