import { describe, expect, it, vi } from 'vitest';
import { SECRET_MAX_AGE_SECONDS, secretsManagerReader, withSecrets } from './secrets';

describe('secret settings named by ARN', () => {
  it('reads each secret whose ARN is given and whose value is not', async () => {
    const read = vi.fn(async (arn: string) => `value of ${arn}`);
    const env = await withSecrets(
      { TOKEN_SECRET_ARN: 'arn:token', ORIGIN_VERIFY_SECRET_ARN: 'arn:origin', OTHER: 'x' },
      read,
    );
    expect(env).toMatchObject({
      TOKEN_SECRET: 'value of arn:token',
      ORIGIN_VERIFY_SECRET: 'value of arn:origin',
      OTHER: 'x',
    });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('keeps a value given directly (the local stack) and reads nothing without an ARN', async () => {
    const read = vi.fn(async () => 'from the secret');
    expect(await withSecrets({ TOKEN_SECRET: 'local', TOKEN_SECRET_ARN: 'arn:token' }, read)).toMatchObject({
      TOKEN_SECRET: 'local',
    });
    expect(await withSecrets({}, read)).toEqual({});
    expect(read).not.toHaveBeenCalled();
  });

  it('fails when the secret cannot be read', async () => {
    await expect(
      withSecrets({ TOKEN_SECRET_ARN: 'arn:missing' }, async () => Promise.reject(new Error('AccessDenied'))),
    ).rejects.toThrow('AccessDenied');
  });
});

describe('reading Secrets Manager', () => {
  /** GetSecretValue answering with each answer in turn. */
  const sendAnswering = (...answers: (string | Error)[]) =>
    vi.fn(async (secretId: string) => {
      const answer = answers.shift();
      if (answer instanceof Error) throw answer;
      return { SecretString: `${secretId}=${answer}` };
    });

  it('asks once per secret while the value is fresh, also for reads that arrive while the first is on its way', async () => {
    let now = 0;
    const send = sendAnswering('one', 'two');
    const read = secretsManagerReader(send, () => now);
    expect(await Promise.all([read('arn:a'), read('arn:a')])).toEqual(['arn:a=one', 'arn:a=one']);
    now = SECRET_MAX_AGE_SECONDS * 1000 - 1;
    expect(await read('arn:a')).toBe('arn:a=one');
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toBe('arn:a');
    now = SECRET_MAX_AGE_SECONDS * 1000;
    expect(await read('arn:a')).toBe('arn:a=two');
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps no failure: the next read asks again', async () => {
    const read = secretsManagerReader(sendAnswering(new Error('ThrottlingException'), 'back'), () => 0);
    await expect(read('arn:a')).rejects.toThrow('ThrottlingException');
    expect(await read('arn:a')).toBe('arn:a=back');
  });

  it('refuses a secret without a string value', async () => {
    const read = secretsManagerReader(
      async () => ({}),
      () => 0,
    );
    await expect(read('arn:binary')).rejects.toThrow('Secret arn:binary has no string value');
  });
});
