/**
 * The product's mail: the SES identity of the sender (its address, or its
 * whole domain with Easy DKIM); the configuration set every mail is sent
 * through, which requires TLS to the receiving mail server (the mails carry
 * health data: what a visitor asked for, their dates, staff replies) and
 * publishes bounces and complaints; and the one permission functions get:
 * ses:SendEmail on that identity and that configuration set, with that From
 * address only.
 *
 * Bounces and complaints go to the default EventBridge bus (SES publishes
 * there without a topic policy or a key), and a rule on this set's events
 * keeps them in a queue with an alarm, as the failed job runs are kept: an
 * operator reads who bounced or complained and why, and deletes the messages.
 * A mistyped visitor address is a bounce too; many, or any complaint, are
 * worth a look before SES's own reputation limits are reached.
 */
import { CfnOutput, Stack } from 'aws-cdk-lib';
import { EventBus, Rule } from 'aws-cdk-lib/aws-events';
import { SqsQueue } from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import {
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
} from 'aws-cdk-lib/aws-ses';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SEND_MAIL_ACTIONS } from '../permissions';
import { operatorQueue } from './operator-queue';

/** The events SES publishes to EventBridge for a bounce and a complaint (their `detail-type`). */
export const MAIL_PROBLEM_EVENTS = ['Email Bounced', 'Email Complaint Received'] as const;

export interface StaffMailProps {
  mailFrom: string;
  mailTo: string;
  /** Verify the whole domain instead of the single address. */
  mailDomain?: string;
  /** The site's public address, the start of every link in a mail (SITE_URL); may be a token resolved later (the distribution's address). */
  siteUrl: string;
  /** Where visitors answer: each mail to a visitor has its enquiry's reply address on this domain (INBOUND_DOMAIN). */
  inboundDomain: string;
  /** The topic the stage's alarms tell (./alarms.ts). */
  alarmTopic: ITopic;
}

export class StaffMail extends Construct {
  readonly identity: EmailIdentity;
  /** Every mail goes through it (MAIL_CONFIGURATION_SET): TLS required, bounces and complaints published. */
  readonly configurationSet: ConfigurationSet;
  /** Where the bounces and complaints of this stage's mail are kept for an operator to read. */
  readonly problems: Queue;
  readonly problemsRule: Rule;
  readonly mailFrom: string;
  readonly mailTo: string;
  readonly siteUrl: string;
  readonly inboundDomain: string;

  constructor(scope: Construct, id: string, props: StaffMailProps) {
    super(scope, id);
    this.mailFrom = props.mailFrom;
    this.mailTo = props.mailTo;
    this.siteUrl = props.siteUrl;
    this.inboundDomain = props.inboundDomain;

    this.configurationSet = new ConfigurationSet(this, 'OverTls', { tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.eventBus(EventBus.fromEventBusName(this, 'DefaultBus', 'default')),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });

    this.identity = new EmailIdentity(this, 'Sender', {
      identity: props.mailDomain ? Identity.domain(props.mailDomain) : Identity.email(props.mailFrom),
      // Also the identity's default: a send that named no set would still require TLS.
      configurationSet: this.configurationSet,
    });
    if (props.mailDomain) {
      // Easy DKIM: three CNAME records to add at the domain's DNS host.
      this.identity.dkimRecords.forEach((record, i) => {
        new CfnOutput(this, `DkimRecord${i + 1}`, {
          description: `SES DKIM CNAME ${i + 1} for ${props.mailDomain}`,
          value: `${record.name} CNAME ${record.value}`,
        });
      });
    }

    this.problems = operatorQueue(this, 'Problems', props.alarmTopic, {
      alarmWhat: 'mail-problems-queue',
      whyNoDeadLetterQueue:
        'Nothing consumes this queue: it keeps the bounce and complaint events for an operator to read, so a dead-letter queue behind it would never receive anything. Its depth has an alarm.',
      alarmDescription:
        'A mail bounced or its recipient marked it as spam: read the events in the mail problems queue (the address, the bounce type), act on them, and delete them.',
    });
    this.problemsRule = new Rule(this, 'ProblemsRule', {
      description: "Bounces and complaints of the mail sent through this stage's configuration set",
      // The default bus carries the SES events of every stage in the account and region: this stage's carry its set's name.
      eventPattern: {
        source: ['aws.ses'],
        detailType: [...MAIL_PROBLEM_EVENTS],
        detail: { mail: { tags: { 'ses:configuration-set': [this.configurationSet.configurationSetName] } } },
      },
      targets: [new SqsQueue(this.problems)],
    });
  }

  /** The configuration set's ARN (the construct gives only its name): SendEmail through it needs leave on it too. */
  get configurationSetArn(): string {
    return Stack.of(this).formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
  }

  /** ses:SendEmail, only on the sender identity and the configuration set, only with the configured From address. */
  grantSend(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: [...SEND_MAIL_ACTIONS],
      resourceArns: [this.identity.emailIdentityArn, this.configurationSetArn],
      conditions: { StringEquals: { 'ses:FromAddress': this.mailFrom } },
    });
  }
}
