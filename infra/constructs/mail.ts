/**
 * The staff notification mail: the SES identity of the sender (its address,
 * or its whole domain with Easy DKIM), and the one permission functions get:
 * ses:SendEmail on that identity, with that From address only.
 */
import { CfnOutput } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Construct } from 'constructs';
import { SEND_MAIL_ACTIONS } from '../permissions';

export interface StaffMailProps {
  mailFrom: string;
  mailTo: string;
  /** Verify the whole domain instead of the single address. */
  mailDomain?: string;
  /** The site's public address, the start of every link in a mail (SITE_URL); may be a token resolved later (the distribution's address). */
  siteUrl: string;
}

export class StaffMail extends Construct {
  readonly identity: EmailIdentity;
  readonly mailFrom: string;
  readonly mailTo: string;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: StaffMailProps) {
    super(scope, id);
    this.mailFrom = props.mailFrom;
    this.mailTo = props.mailTo;
    this.siteUrl = props.siteUrl;
    this.identity = new EmailIdentity(this, 'Sender', {
      identity: props.mailDomain ? Identity.domain(props.mailDomain) : Identity.email(props.mailFrom),
    });
    if (props.mailDomain) {
      // Easy DKIM: three CNAME records to add at the domain's DNS host.
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, { description: `SES DKIM CNAME ${i + 1} for ${props.mailDomain}`, value: `${record.name} CNAME ${record.value}` });
      });
    }
  }

  /** ses:SendEmail, only on the sender identity, only with the configured From address. */
  grantSend(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: [...SEND_MAIL_ACTIONS],
      resourceArns: [this.identity.emailIdentityArn],
      conditions: { StringEquals: { 'ses:FromAddress': this.mailFrom } },
    });
  }
}
