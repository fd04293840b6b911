import { Module } from '@nestjs/common';
import { AssetRepository, AssetStorage } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import { AssetService, VideoRepository } from '@vidgen/videos';
import { CommonModule } from '../common/common.module';
import { CONFIG, overDb } from '../infra/infra.tokens';
import { AssetContentService } from './asset-content.service';
import { AssetUrls } from './asset-urls';
import { AssetsController } from './assets.controller';

/** Assets and their files; exports the storage and the URL signer that video records use too. */
@Module({
  imports: [CommonModule],
  controllers: [AssetsController],
  providers: [
    overDb(AssetRepository),
    overDb(VideoRepository),
    {
      provide: AssetStorage,
      useFactory: (config: AppConfig) => new AssetStorage(config.assets.dir),
      inject: [CONFIG],
    },
    {
      provide: AssetService,
      useFactory: (assets: AssetRepository, videos: VideoRepository, storage: AssetStorage) =>
        new AssetService(assets, videos, storage),
      inject: [AssetRepository, VideoRepository, AssetStorage],
    },
    AssetUrls,
    AssetContentService,
  ],
  exports: [AssetRepository, AssetStorage, AssetUrls],
})
export class AssetsModule {}
