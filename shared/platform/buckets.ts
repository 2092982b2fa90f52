/** The S3 buckets, each with the setting that names it and what it holds (the CDK stack makes them; ../resources.ts grants them). */
export const BUCKETS = {
  images: {
    envVar: 'IMAGES_BUCKET',
    purpose:
      'BEST 3 board and popup images, served under /image/; uploads wait under incoming/ until a save checks them and copies them to their public name.',
  },
  exports: {
    envVar: 'EXPORTS_BUCKET',
    purpose: 'Large CSV exports, written by the export worker and downloaded through short-lived presigned URLs.',
  },
  inbound: {
    envVar: 'INBOUND_BUCKET',
    purpose:
      "Mail received for the inbound domain: each raw message as it arrived (under raw/), and the attachments of the visitors' messages in a thread (under attachments/), never served; they go with their enquiry.",
  },
  accessLogCopy: {
    envVar: 'ACCESS_LOG_COPY_BUCKET',
    purpose:
      "The access log's immutable copy: every write to the access-log table as its stream carried it, each batch one object written once, under S3 Object Lock for the access log's retention (compliance mode in production).",
  },
} as const;

export type BucketKey = keyof typeof BUCKETS;
