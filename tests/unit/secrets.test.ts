import { describe, expect, it, vi } from 'vitest';
import { withSecrets } from '../../functions/secrets';

describe('secret settings named by ARN', () => {
  it('reads each secret whose ARN is given and whose value is not', async () => {
    const read = vi.fn(async (arn: string) => `value of ${arn}`);
    const env = await withSecrets({ TOKEN_SECRET_ARN: 'arn:token', ORIGIN_VERIFY_SECRET_ARN: 'arn:origin', OTHER: 'x' }, read);
    expect(env).toMatchObject({ TOKEN_SECRET: 'value of arn:token', ORIGIN_VERIFY_SECRET: 'value of arn:origin', OTHER: 'x' });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps a value given directly (the local stack) and reads nothing without an ARN', async () => {
    const read = vi.fn(async () => 'from the secret');
    expect(await withSecrets({ TOKEN_SECRET: 'local', TOKEN_SECRET_ARN: 'arn:token' }, read)).toMatchObject({ TOKEN_SECRET: 'local' });
    expect(await withSecrets({}, read)).toEqual({});
    expect(read).not.toHaveBeenCalled();
  });

  it('fails when the secret cannot be read', async () => {
    await expect(withSecrets({ TOKEN_SECRET_ARN: 'arn:missing' }, async () => Promise.reject(new Error('AccessDenied')))).rejects.toThrow('AccessDenied');
  });
});
