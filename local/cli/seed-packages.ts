/**
 * `npm run seed:packages`: puts the three starting BEST 3 packages (texts in
 * six languages and their images) into a deployed stage, whose board is
 * otherwise empty; staff then edit them. Needs TABLE_PACKAGES, IMAGES_BUCKET
 * and AWS credentials. Packages already there are left alone.
 */
import { documentClient } from '../../functions/platform/wiring/dynamodb-client';
import { dynamoPackageStore } from '../../functions/packages/adapters/dynamodb-packages';
import { s3Client } from '../../functions/platform/wiring/s3-client';
import { s3ImageStore } from '../../functions/packages/adapters/s3-images';
import { BUCKETS } from '../../shared/resources';
import { TABLES } from '../../shared/tables';
import { seedPackages } from '../setup';

async function main() {
  const table = process.env[TABLES.packages.envVar];
  const bucket = process.env[BUCKETS.images.envVar];
  if (!table || !bucket) {
    console.error(
      `Set ${TABLES.packages.envVar} and ${BUCKETS.images.envVar} (the stack's TablePackages and ImagesBucket outputs).`,
    );
    process.exit(2);
  }
  // The SDK finds the region and credentials as it always does (environment, profile).
  const db = documentClient();
  const s3 = s3Client();
  try {
    const seeded = await seedPackages(dynamoPackageStore(db, table), s3ImageStore(s3, bucket));
    console.log(
      seeded
        ? `Seeded the three BEST 3 packages into ${table} and their images into ${bucket}.`
        : `${table} already has packages; nothing changed.`,
    );
  } finally {
    db.destroy();
    s3.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
