import { describe, expect, it } from 'vitest';
import { localSecretSealer } from './secret-sealer';

const TOKEN_SECRET = 'a-local-token-secret-long-enough-0123456789';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe("the local stack's secret sealer (AES-256-GCM, in place of KMS)", () => {
  it('opens what it sealed, with the same context; the sealed value holds nothing of the secret and differs each time', async () => {
    const sealer = localSecretSealer(TOKEN_SECRET);
    const sealed = await sealer.seal(SECRET, { account: 'a@centre.example' });
    expect(sealed).not.toContain(SECRET);
    expect(await sealer.seal(SECRET, { account: 'a@centre.example' })).not.toBe(sealed);
    expect(await sealer.open(sealed, { account: 'a@centre.example' })).toBe(SECRET);
  });

  it('does not open for another context, under another token secret, or once changed', async () => {
    const sealer = localSecretSealer(TOKEN_SECRET);
    const sealed = await sealer.seal(SECRET, { account: 'a@centre.example' });
    await expect(sealer.open(sealed, { account: 'b@centre.example' })).rejects.toThrow();
    await expect(
      localSecretSealer(`${TOKEN_SECRET}-other`).open(sealed, { account: 'a@centre.example' }),
    ).rejects.toThrow();
    const bytes = Buffer.from(sealed.split(':')[1] ?? '', 'base64');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    await expect(sealer.open(`local1:${bytes.toString('base64')}`, { account: 'a@centre.example' })).rejects.toThrow();
    await expect(sealer.open(SECRET, { account: 'a@centre.example' })).rejects.toThrow();
  });
});
