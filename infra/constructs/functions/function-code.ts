/**
 * A function's code: its entry's bundle (infra/function-bundles.ts) as a CDK
 * asset, hashed by its content.
 */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { REPO_ROOT, functionBundle } from '../../function-bundles';

/**
 * Copies an entry's bundle (infra/function-bundles.ts) into CDK's asset
 * folder. Its entry name is a field, so it is part of the key under which CDK
 * caches bundles during a synthesis, and two functions bundled from the same
 * folder never share one.
 */
class EntryBundling implements ILocalBundling {
  constructor(readonly entryName: string) {}

  tryBundle(outputDir: string): boolean {
    cpSync(functionBundle(this.entryName), outputDir, { recursive: true });
    return true;
  }
}

/**
 * An entry's bundle as the function's code, hashed by its content. CDK asks
 * for a Docker image in case local bundling declines; it never does (it
 * answers or throws), so the image is a placeholder that is never pulled.
 */
export function functionCode(entryName: string): Code {
  // The folder is only where CDK would look if it bundled itself; the asset is the bundle, hashed by its content.
  return Code.fromAsset(join(REPO_ROOT, 'functions'), {
    assetHashType: AssetHashType.OUTPUT,
    bundling: { image: DockerImage.fromRegistry('dummy'), local: new EntryBundling(entryName) },
  });
}
