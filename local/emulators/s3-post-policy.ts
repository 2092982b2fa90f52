/**
 * A browser's form upload (a presigned POST) checked as S3 checks it before
 * anything is stored: the policy's signature (Signature Version 4 over the
 * base64 policy, with the SDK's signer, compared in constant time), the key
 * and its session token, the policy's expiration, each of its conditions
 * (exact and `starts-with` matches on the fields, the bucket, the file's
 * `content-length-range`) and no form field the policy does not name, each
 * refused with S3's code and words.
 */
import { ANONYMOUS_REFUSAL, INVALID_TOKEN, type S3Refusal, signatureMismatch, unknownAccessKey } from './s3-errors';
import {
  type S3Keys,
  SIGV4_ALGORITHM,
  amzDateTime,
  credentialScope,
  knownKey,
  sameSignature,
  signerFor,
} from './sigv4-keys';

/** A form as posted: its fields by lower-case name (S3 reads form field names so), and the size of its one file. */
export interface PostForm {
  fields: Map<string, string>;
  /** Bytes of the file, `undefined` when the form has no file. */
  fileSize: number | undefined;
}

type Condition = Record<string, unknown> | unknown[];

interface PostPolicy {
  expiration: string;
  conditions: Condition[];
}

/** Fields a policy need not name (S3's list), and every `x-ignore-` field. */
const UNNAMED_FIELDS = new Set(['x-amz-signature', 'file', 'policy']);

const invalidArgument = (message: string): S3Refusal => ({ status: 400, code: 'InvalidArgument', message });
const invalidPolicy = (message: string): S3Refusal => ({
  status: 400,
  code: 'InvalidPolicyDocument',
  message: `Invalid Policy: ${message}`,
});
const notAllowed = (message: string): S3Refusal => ({
  status: 403,
  code: 'AccessDenied',
  message: `Invalid according to Policy: ${message}`,
});

const missingField = (name: string) =>
  invalidArgument(
    `Bucket POST must contain a field named '${name}'.  If it is specified, please check the order of the fields.`,
  );

function policyOf(encoded: string): PostPolicy | S3Refusal {
  let policy: unknown;
  try {
    policy = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return invalidPolicy('Invalid JSON.');
  }
  if (typeof policy !== 'object' || policy === null) return invalidPolicy('Invalid JSON.');
  const { expiration, conditions } = policy as Partial<PostPolicy>;
  if (typeof expiration !== 'string') return invalidPolicy('Policy missing expiration.');
  if (!Array.isArray(conditions)) return invalidPolicy('Policy missing conditions.');
  return { expiration, conditions };
}

/** A condition's field name as the form names it: lower case, without its `$`. */
const fieldName = (name: unknown) => String(name).replace(/^\$/, '').toLowerCase();

/** A condition as S3 quotes it in its refusal: `["eq", "$key", "a.png"]`. */
const quoted = (condition: unknown[]) => `[${condition.map((part) => JSON.stringify(part)).join(', ')}]`;

const isSizeRange = (condition: Condition) => Array.isArray(condition) && condition[0] === 'content-length-range';

/** A field condition's refusal, or `undefined` when the form meets it. */
function fieldConditionProblem(condition: Condition, form: PostForm, bucket: string): S3Refusal | undefined {
  const value = (name: unknown) => (fieldName(name) === 'bucket' ? bucket : form.fields.get(fieldName(name)));
  if (!Array.isArray(condition)) {
    for (const [name, expected] of Object.entries(condition))
      if (value(name) !== expected)
        return notAllowed(`Policy Condition failed: ${quoted(['eq', `$${name}`, expected])}`);
    return undefined;
  }
  const [operator, name, expected] = condition;
  const actual = value(name);
  const holds =
    operator === 'eq'
      ? actual === expected
      : operator === 'starts-with'
        ? actual !== undefined && actual.startsWith(String(expected))
        : undefined;
  if (holds === undefined) return invalidPolicy(`Invalid Condition: ${quoted(condition)}`);
  return holds ? undefined : notAllowed(`Policy Condition failed: ${quoted(condition)}`);
}

/** The file's size against a `content-length-range`, which S3 checks as the file arrives, after the fields. */
function sizeProblem([, min, max]: unknown[], size: number): S3Refusal | undefined {
  if (size > Number(max))
    return {
      status: 400,
      code: 'EntityTooLarge',
      message: 'Your proposed upload exceeds the maximum allowed size',
      details: { ProposedSize: String(size), MaxSizeAllowed: String(max) },
    };
  if (size < Number(min))
    return {
      status: 400,
      code: 'EntityTooSmall',
      message: 'Your proposed upload is smaller than the minimum allowed size',
      details: { ProposedSize: String(size), MinSizeAllowed: String(min) },
    };
  return undefined;
}

/** The names a policy's conditions give the form's fields. */
function namedFields(conditions: Condition[]): Set<string> {
  const names = new Set<string>();
  for (const condition of conditions) {
    if (isSizeRange(condition)) continue;
    if (Array.isArray(condition)) names.add(fieldName(condition[1]));
    else for (const name of Object.keys(condition)) names.add(fieldName(name));
  }
  return names;
}

/** Why S3 would refuse this form upload to `bucket`, or `undefined` when it would store it. */
export async function postFormProblem(form: PostForm, bucket: string, keys: S3Keys): Promise<S3Refusal | undefined> {
  const { fields } = form;
  const encoded = fields.get('policy');
  // A form without a policy is an anonymous upload, which a bucket that is not public refuses.
  if (encoded === undefined) return ANONYMOUS_REFUSAL;
  for (const name of ['x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-signature', 'key'])
    if (fields.get(name) === undefined) return missingField(name);
  if (form.fileSize === undefined) return invalidArgument('POST requires exactly one file upload per request.');
  if (fields.get('x-amz-algorithm') !== SIGV4_ALGORITHM)
    return invalidArgument(`X-Amz-Algorithm only supports "${SIGV4_ALGORITHM}"`);
  const amzDate = fields.get('x-amz-date') ?? '';
  const signedAt = amzDateTime(amzDate);
  if (signedAt === undefined)
    return invalidArgument(`X-Amz-Date must be in the ISO8601 Long Format "yyyyMMdd'T'HHmmss'Z'"`);
  const scope = credentialScope(fields.get('x-amz-credential') ?? '', amzDate, keys.region);
  if (typeof scope === 'string') return invalidArgument(`Error parsing the X-Amz-Credential parameter; ${scope}`);
  const key = knownKey(keys, scope.accessKeyId);
  if (!key) return unknownAccessKey(scope.accessKeyId);
  const token = fields.get('x-amz-security-token');
  const expected = await signerFor(key, scope.region, token).sign(encoded, {
    signingDate: new Date(signedAt),
    signingRegion: scope.region,
  });
  if (!sameSignature(expected, fields.get('x-amz-signature') ?? '')) return signatureMismatch(scope.accessKeyId);
  if (token !== key.sessionToken) return INVALID_TOKEN;

  const policy = policyOf(encoded);
  if ('status' in policy) return policy;
  if (!(Date.parse(policy.expiration) > keys.now())) return notAllowed('Policy expired.');
  if (policy.conditions.some((condition) => typeof condition !== 'object' || condition === null))
    return invalidPolicy('Invalid Condition.');
  for (const condition of policy.conditions.filter((condition) => !isSizeRange(condition))) {
    const problem = fieldConditionProblem(condition, form, bucket);
    if (problem) return problem;
  }
  const named = namedFields(policy.conditions);
  const extra = [...fields.keys()].filter(
    (name) => !UNNAMED_FIELDS.has(name) && !name.startsWith('x-ignore-') && !named.has(name),
  );
  if (extra.length > 0) return notAllowed(`Extra input fields: ${extra.join(', ')}`);
  for (const range of policy.conditions.filter(isSizeRange)) {
    const problem = sizeProblem(range as unknown[], form.fileSize);
    if (problem) return problem;
  }
  return undefined;
}
