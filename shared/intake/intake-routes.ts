/**
 * The route of the public enquiry form in the API route table
 * (shared/routes.ts, through the feature's manifest).
 */
import { defineRoutes } from '../platform/route-contract';

export const INTAKE_ROUTES = defineRoutes([
  {
    name: 'sendmail',
    method: 'POST',
    path: '/api/sendmail',
    access: 'public',
    // inboundMail: the Message-ID SES gave the acknowledgement. Its reply address is a MAC under the reply-address secret
    // (every function that mails has it), never the token secret: a public function cannot sign staff tokens.
    uses: {
      tables: {
        enquiries: 'readWrite',
        outbox: 'readWrite',
        counters: 'write',
        submissions: 'readWrite',
        throttle: 'write',
        aggregates: 'write',
        inboundMail: 'write',
        translations: 'readAppend',
      },
      sendsMail: true,
    },
  },
]);
