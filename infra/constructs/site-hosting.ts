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
import { type CfnElement, DefaultStackSynthesizer, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_PATH_PATTERN } from '../api-paths';
import { imagePathFunctionCode, siteRewriteFunctionCode, viewerHostFunctionCode } from '../cloudfront-functions';
import { CSP_MAX_LENGTH, inlineBlocksOf } from '../content-security-policy';
import { acknowledge } from '../nag';
import { securityHeadersPolicy } from '../response-headers';
import { privateBucketProps } from './data';
import {
  API_FORWARDED_COOKIES,
  API_FORWARDED_HEADERS,
  CACHED_API_FORWARDED_HEADERS,
  CACHED_API_PATH,
  IMMUTABLE,
  PAGE_CACHE,
} from '../cdn-rules';
import { ORIGIN_VERIFY_HEADER, VIEWER_HOST_HEADER } from '../../shared/origin-headers';
import { IMAGE_PATH_PREFIX } from '../../shared/rewrite';
import { API_CONTENT_SECURITY_POLICY, contentSecurityPolicy } from '../../shared/security-headers';

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

    const pageCache = new cloudfront.CachePolicy(this, 'PageCache', {
      comment: 'Pages: short, every deployment invalidates',
      defaultTtl: Duration.minutes(5),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.hours(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const packagesCache = new cloudfront.CachePolicy(this, 'PackagesCache', {
      comment: 'GET /api/amendBest: the BEST 3 packages, a minute (the function says max-age=60)',
      defaultTtl: Duration.seconds(60),
      minTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(60),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const apiNoCache = new cloudfront.CachePolicy(this, 'ApiNoCache', {
      comment:
        'Other API calls: never cached (the API answers no-store); Authorization is in the key only so GET requests carry it',
      defaultTtl: Duration.seconds(0),
      minTtl: Duration.seconds(0),
      // Above zero only because CloudFront allows no key headers otherwise; no-store responses are never kept.
      maxTtl: Duration.seconds(1),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
    const apiOriginRequest = new cloudfront.OriginRequestPolicy(this, 'ApiOriginRequest', {
      // Never Host: API Gateway must see its own.
      comment:
        'What the API reads: its headers (not Host), the viewer host and address, the query, the sign-in device cookie',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      // Allow-listed, the cookie also comes back: CloudFront passes the sign-in route's Set-Cookie for it to the browser.
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.allowList(...API_FORWARDED_COOKIES),
    });
    const cachedApiOriginRequest = new cloudfront.OriginRequestPolicy(this, 'CachedApiOriginRequest', {
      comment: 'GET /api/amendBest: the viewer host and address only (no query, no cookies)',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...CACHED_API_FORWARDED_HEADERS),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });

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

    if (props.siteDistDir && existsSync(join(props.siteDistDir, 'index.html'))) this.deploySite(props.siteDistDir);
  }

  /** Uploads the built site: hashed assets first (kept across deployments), then the pages, then invalidates. */
  private deploySite(siteDistDir: string): void {
    const assetsDir = join(siteDistDir, '_astro');
    const assets = existsSync(assetsDir)
      ? new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: '_astro/',
          // Pages cached in browsers may still name the previous build's assets.
          prune: false,
          cacheControl: [CacheControl.fromString(IMMUTABLE)],
          memoryLimit: 512,
        })
      : undefined;
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [Source.asset(siteDistDir, { exclude: ['_astro', '_astro/**'] })],
      destinationBucket: this.bucket,
      exclude: ['_astro/*'],
      prune: true,
      cacheControl: [CacheControl.fromString(PAGE_CACHE)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    if (assets) {
      pages.node.addDependency(assets);
      this.deployments.push(assets);
    }
    this.deployments.push(pages);
    this.acknowledgeDeploymentHandler();
  }

  /** The findings on aws-s3-deployment's own handler (one function shared by both deployments, at stack level). */
  private acknowledgeDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler)
      throw new Error('The BucketDeployment handler was not found; its cdk-nag acknowledgements need updating');
    const region = Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region;
    const qualifier = stack.synthesizer.bootstrapQualifier ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    const siteBucketId = stack.getLogicalId(this.bucket.node.defaultChild as CfnElement);
    const why = 'aws-s3-deployment handler (part of aws-cdk-lib, runs only while CloudFormation deploys the site)';
    acknowledge(handler, 'AwsSolutions-L1', `The ${why} has its runtime chosen by aws-cdk-lib, not by this project.`);
    acknowledge(
      handler,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      `The ${why} gets the basic execution policy from aws-cdk-lib to write its own logs.`,
    );
    const wildcards: [string, string][] = [
      ['Action::s3:GetObject*', 'reads the zipped site from the CDK asset bucket'],
      ['Action::s3:GetBucket*', 'reads the asset and site buckets it syncs between'],
      ['Action::s3:List*', 'lists the site bucket to sync and prune it'],
      ['Action::s3:DeleteObject*', 'prunes pages the new build no longer has from the site bucket'],
      ['Action::s3:Abort*', 'aborts its own failed multipart uploads to the site bucket'],
      [`Resource::<${siteBucketId}.Arn>/*`, 'writes every object of the site bucket (the whole built site)'],
      [
        `Resource::arn:<AWS::Partition>:s3:::cdk-${qualifier}-assets-<AWS::AccountId>-${region}/*`,
        'reads the site asset from the bootstrap asset bucket',
      ],
      [
        'Resource::*',
        'creates the CloudFront invalidation after a deployment (CloudFront invalidations take no resource narrower than *)',
      ],
    ];
    for (const [finding, what] of wildcards)
      acknowledge(handler, `AwsSolutions-IAM5[${finding}]`, `The ${why} ${what}.`);
  }
}
