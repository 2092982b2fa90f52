/**
 * The CDN in front of everything, on one origin (docs/contract.md, 'The calls'), behind
 * the stage's AWS WAF web ACL: the built site from a private bucket (origin
 * access control) through the shared rewrite as a CloudFront Function,
 * `/image/*` from the private images bucket (only names the shared
 * `imageObjectKey` allows), `/api/*` to the REST API's stage with the origin
 * secret and the viewer's host. Cache policies per kind of content, the shared security
 * headers (the page CSP on pages, the API's on API answers), TLS 1.2 at least.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { BucketDeployment } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_PATH_PATTERN } from '../../api-paths';
import {
  imagePathFunctionCode,
  siteRewriteFunctionCode,
  viewerHostFunctionCode,
} from '../../edge/cloudfront-functions';
import { CSP_MAX_LENGTH, inlineBlocksOf } from '../../edge/content-security-policy';
import { acknowledge } from '../../nag';
import { securityHeadersPolicy } from '../../edge/response-headers';
import { privateBucketProps } from '../data';
import { CACHED_API_PATH } from '../../edge/cdn-rules';
import { ORIGIN_VERIFY_HEADER, VIEWER_HOST_HEADER } from '../../../shared/origin-headers';
import { IMAGE_PATH_PREFIX } from '../../../shared/rewrite';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../../../shared/security-headers';
import { cdnPolicies } from './cdn-policies';
import { deploySite } from './site-deployment';

export interface SiteHostingProps {
  production: boolean;
  accessLogs: s3.IBucket;
  images: s3.IBucket;
  /** Host name of the REST API's execute-api endpoint. */
  apiDomainName: string;
  /** `/{stage}`: the execute-api path of the stage, put before the viewer's `/api/...` path. */
  apiOriginPath: string;
  /** Its value goes to the API in the X-Origin-Verify header, so the API knows a request came through CloudFront. */
  originVerifySecret: ISecret;
  /** The built site (site/dist); without it nothing is deployed (synth works before a site build). */
  siteDistDir?: string;
  domainName?: string;
  certificateArn?: string;
  /** The AWS WAF web ACL (scope CLOUDFRONT) every request passes first. */
  webAclArn: string;
}

export class SiteHosting extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly rewriteFunction: cloudfront.Function;
  readonly imagePathFunction: cloudfront.Function;
  readonly viewerHostFunction: cloudfront.Function;
  /** Pages, assets and images. */
  readonly responseHeaders: cloudfront.ResponseHeadersPolicy;
  /** API answers. */
  readonly apiResponseHeaders: cloudfront.ResponseHeadersPolicy;
  readonly contentSecurityPolicy: string;
  readonly deployments: BucketDeployment[] = [];

  constructor(scope: Construct, id: string, props: SiteHostingProps) {
    super(scope, id);

    this.bucket = new s3.Bucket(this, 'Bucket', {
      ...privateBucketProps(props.production),
      // The site is rebuilt from source on every deployment; deleting the stage deletes its copy.
      removalPolicy: RemovalPolicy.DESTROY,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 's3/site/',
    });

    this.rewriteFunction = new cloudfront.Function(this, 'RewriteFunction', {
      comment: 'Page aliases (301), /detail/* shell, directory indexes: shared/rewrite.ts',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(siteRewriteFunctionCode()),
    });
    this.imagePathFunction = new cloudfront.Function(this, 'ImagePathFunction', {
      comment: '/image/{file} is the top-level object {file} of the images bucket, else 400/404: shared/rewrite.ts',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(imagePathFunctionCode()),
    });
    this.viewerHostFunction = new cloudfront.Function(this, 'ViewerHostFunction', {
      comment: `${VIEWER_HOST_HEADER} is the Host the viewer asked for (the API origin gets its own host name)`,
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(viewerHostFunctionCode()),
    });

    const stack = Stack.of(this);
    const uploadOrigin = `https://${props.images.bucketRegionalDomainName}`;
    const inline = inlineBlocksOf(props.siteDistDir);
    this.contentSecurityPolicy = contentSecurityPolicy({ inline, uploadOrigin, upgradeInsecureRequests: true });
    // The bucket's host name is only known at deployment: check the length with the longest one possible.
    const longestOrigin = `https://${'b'.repeat(63)}.s3.${'r'.repeat(16)}.amazonaws.com.cn`;
    const longest = contentSecurityPolicy({
      inline,
      uploadOrigin: longestOrigin,
      upgradeInsecureRequests: true,
    }).length;
    if (longest > CSP_MAX_LENGTH)
      throw new Error(
        `The Content-Security-Policy could reach ${longest} characters; CloudFront allows ${CSP_MAX_LENGTH}`,
      );

    this.responseHeaders = new cloudfront.ResponseHeadersPolicy(
      this,
      'SecurityHeaders',
      securityHeadersPolicy(
        'Pages: HSTS, nosniff, no framing, referrer policy, the page CSP (shared/security-headers.ts)',
        this.contentSecurityPolicy,
      ),
    );
    this.apiResponseHeaders = new cloudfront.ResponseHeadersPolicy(
      this,
      'ApiSecurityHeaders',
      securityHeadersPolicy(
        'API answers: HSTS, nosniff, no framing, referrer policy, a CSP that lets nothing load (shared/security-headers.ts)',
        API_CONTENT_SECURITY_POLICY,
      ),
    );

    const { pageCache, packagesCache, apiNoCache, apiOriginRequest, cachedApiOriginRequest } = cdnPolicies(this);

    // READ and LIST: with the right to list, S3 answers a missing object 404 (without it, 403), so the distribution maps
    // only 404 to the site's 404 page and an API 403 (a role refused, a post from another site) keeps its own answer.
    // No listing can be asked through CloudFront: the viewer-request functions turn every path into an object key.
    const bucketAccess = { originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST] };
    const siteOrigin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket, bucketAccess);
    const imagesOrigin = origins.S3BucketOrigin.withOriginAccessControl(props.images, bucketAccess);
    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      originPath: props.apiOriginPath,
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
      // On every request to this origin, so from every API behaviour: the stage's web ACL drops (403) a call without
      // it, and the functions refuse one too. A CloudFormation dynamic reference ({{resolve:secretsmanager:...}}): the value is not in the template,
      // CloudFormation resolves it when it creates or updates the distribution.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
    });

    const common = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      responseHeadersPolicy: this.responseHeaders,
      compress: true,
    };
    const api = {
      ...common,
      origin: apiOrigin,
      responseHeadersPolicy: this.apiResponseHeaders,
      functionAssociations: [
        { function: this.viewerHostFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
      ],
    };
    const certificate = props.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Medical tourism centre (${stack.stackName})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        ...common,
        origin: siteOrigin,
        cachePolicy: pageCache,
        functionAssociations: [
          { function: this.rewriteFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/_astro/*': { ...common, origin: siteOrigin, cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED },
        [`${IMAGE_PATH_PREFIX}*`]: {
          ...common,
          origin: imagesOrigin,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          functionAssociations: [
            { function: this.imagePathFunction, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
        // Before /api/*: CloudFront takes the first pattern that matches.
        [CACHED_API_PATH]: {
          ...api,
          cachePolicy: packagesCache,
          originRequestPolicy: cachedApiOriginRequest,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        },
        [API_PATH_PATTERN]: {
          ...api,
          cachePolicy: apiNoCache,
          originRequestPolicy: apiOriginRequest,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        },
      },
      // A missing page or image answers 404 (the origins may list their bucket): show the site's 404 page. CloudFront
      // applies this to every behaviour, so an API 404 (an unknown enquiry number) arrives as that page, with 404;
      // every other API answer, 403 included, keeps its own status and JSON body.
      errorResponses: [
        { httpStatus: 404, responseHttpStatus: 404, responsePagePath: '/404.html', ttl: Duration.minutes(1) },
      ],
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // North America, Europe, Asia (Korea, China, Japan, Vietnam), Middle East and Africa.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_200,
      // TLS 1.2 at least; CloudFront lets a distribution choose only with its own certificate.
      ...(certificate && props.domainName
        ? {
            certificate,
            domainNames: [props.domainName],
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {}),
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      webAclId: props.webAclArn,
    });

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'No geographic restriction by design: the site serves foreign patients from many countries (six languages), and the enquiry form must work from all of them.',
    );
    if (!certificate) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'This stage has no custom domain, so it uses the default *.cloudfront.net certificate, whose security policy CloudFront fixes (it cannot be set to TLS 1.2). With -c domainName=... -c certificateArn=... the distribution requires TLSv1.2_2021.',
      );
    }

    if (props.siteDistDir && existsSync(join(props.siteDistDir, 'index.html')))
      this.deployments.push(...deploySite(this, props.siteDistDir));
  }
}
