/**
 * A call that reached a function without coming through CloudFront (straight
 * to the API's own execute-api address, around the edge's WAF) is refused;
 * each refusal is also a CloudWatch metric, written as a log line in the
 * embedded metric format (CloudWatch Logs extracts it: no metrics API call,
 * no SDK client), per API, so the stack's alarm sees a flood of them.
 */

import { DIRECT_CALL_METRIC } from '../../../shared/origin-headers';

/** The fields of one refusal's log line that make it a metric point (count 1) of its API. */
export function directCallMetricFields(apiId: string, nowMs: number): Record<string, unknown> {
  return {
    _aws: {
      Timestamp: nowMs,
      CloudWatchMetrics: [
        {
          Namespace: DIRECT_CALL_METRIC.namespace,
          Dimensions: [[DIRECT_CALL_METRIC.dimension]],
          Metrics: [{ Name: DIRECT_CALL_METRIC.name, Unit: 'Count' }],
        },
      ],
    },
    [DIRECT_CALL_METRIC.dimension]: apiId,
    [DIRECT_CALL_METRIC.name]: 1,
  };
}
