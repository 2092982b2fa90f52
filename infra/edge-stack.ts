/**
 * The stage's edge stack, always in us-east-1: AWS WAF keeps web ACLs of scope
 * CLOUDFRONT there, whatever region the rest of the stage is in. The main stack
 * reads the ACL's ARN across regions with Fn::GetStackOutput (a weak
 * reference: CloudFormation reads this stack's output when it deploys the main
 * stack, with no custom resource in between), and `cdk deploy --all` deploys
 * this stack first. Not made when `-c webAclArn=...` names an existing ACL.
 */
import { CfnOutput, CrossStackReferences, ReferenceStrength, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EdgeFirewall } from './constructs/hosting/edge-firewall';

export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  stage: string;
}

export class EdgeStack extends Stack {
  readonly firewall: EdgeFirewall;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, env: { ...props.env, region: EDGE_REGION } });
    this.firewall = new EdgeFirewall(this, 'Firewall', { metricPrefix: id });
    // A strong cross-region reference would need a custom resource (a Lambda function) on both sides to copy the value.
    CrossStackReferences.of(this.firewall.webAcl).produce(ReferenceStrength.WEAK);
    new CfnOutput(this, 'WebAclArn', { description: 'AWS WAF web ACL of the distribution', value: this.webAclArn });
  }

  get webAclArn(): string {
    return this.firewall.webAcl.attrArn;
  }
}
