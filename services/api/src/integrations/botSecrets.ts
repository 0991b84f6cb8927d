import { isSecretRef, SECRET_MASK, type FlowSecrets } from '@atendo/core';
import { AppError } from '@atendo/platform';

/**
 * How a secret field of a form (a prompt's API key, an integration's service account or HMAC key) is to be kept: ''
 * stays '', the mask the console was shown keeps the stored reference, anything else is a new value sealed once every
 * check has passed.
 */
export type SecretPlan = { keep: string } | { seal: string };

/**
 * Plans each secret field sent, against what the record stores. A mask that stands for no stored secret (on a new
 * record, or another key's mask) is refused: keeping it would store the mask as the key.
 */
export async function planSecrets(
  secrets: FlowSecrets,
  companyId: number,
  sent: Record<string, string>,
  stored: Record<string, string> | undefined,
): Promise<Record<string, SecretPlan>> {
  const storedRefs = Object.values(stored ?? {}).filter(isSecretRef);
  const masks = await secrets.masks(companyId, storedRefs);
  const plans: Record<string, SecretPlan> = {};
  for (const [path, value] of Object.entries(sent)) {
    if (value === '') plans[path] = { keep: '' };
    else if (isMask(value)) {
      const ref = stored?.[path];
      if (!ref || masks.get(ref) !== value) throw new AppError('ERR_VALIDATION', 400, `${path}: the masked value stands for no stored key; type the key again`, [{ path, message: 'validation.invalid' }]);
      plans[path] = { keep: ref };
    } else plans[path] = { seal: value };
  }
  return plans;
}

export const isMask = (value: string) => value.startsWith(SECRET_MASK);

/** Carries the plans out: new values sealed, references kept. */
export async function sealPlanned(secrets: FlowSecrets, companyId: number, plans: Record<string, SecretPlan>): Promise<Record<string, string>> {
  const refs: Record<string, string> = {};
  for (const [path, plan] of Object.entries(plans)) refs[path] = 'keep' in plan ? plan.keep : await secrets.store(companyId, plan.seal);
  return refs;
}

/** Records with their secret fields shown as masks (`••••` and the last four characters; '' stays ''). */
export async function maskRecords<T extends object>(secrets: FlowSecrets, companyId: number, records: T[], paths: ReadonlyArray<keyof T & string>): Promise<T[]> {
  const refs = records.flatMap((r) => paths.map((p) => r[p] as unknown as string));
  const masks = await secrets.masks(companyId, refs);
  return records.map((r) => {
    const shown = { ...r } as Record<string, unknown>;
    for (const p of paths) {
      const value = r[p] as unknown as string;
      shown[p] = value === '' ? '' : (masks.get(value) ?? SECRET_MASK);
    }
    return shown as T;
  });
}
