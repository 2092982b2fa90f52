/**
 * `npm run seed:packages`: puts the three starting BEST 3 packages (texts in
 * six languages and their images) into a deployed stage, whose board is
 * otherwise empty; staff then edit them. Needs TABLE_PACKAGES, IMAGES_BUCKET
 * and AWS credentials. Packages already there are left alone.
 */
import { sdkRegion } from './aws-region';
import { documentClient } from '../functions/adapters/dynamodb/client';
import { dynamoPackageStore } from '../functions/adapters/dynamodb/packages';
import { S3Bucket, s3Service } from '../functions/adapters/s3/bucket';
import { s3ImageStore } from '../functions/adapters/s3/images';
import { BUCKETS } from '../shared/routes';
import { TABLES } from '../shared/tables';
import { seedPackages } from './setup';

async function main() {
  const table = process.env[TABLES.packages.envVar];
  const bucket = process.env[BUCKETS.images.envVar];
  if (!table || !bucket) {
    console.error(`Set ${TABLES.packages.envVar} and ${BUCKETS.images.envVar} (the stack's TablePackages and ImagesBucket outputs).`);
    process.exit(2);
  }
  const region = await sdkRegion();
  const db = documentClient({ region });
  const s3 = s3Service({ region });
  try {
    const seeded = await seedPackages(dynamoPackageStore(db, table), s3ImageStore(new S3Bucket(s3, bucket)));
    console.log(seeded ? `Seeded the three BEST 3 packages into ${table} and their images into ${bucket}.` : `${table} already has packages; nothing changed.`);
  } finally {
    db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
