import { Module } from '@nestjs/common';
import { AssetRepository } from '@vidgen/assets';
import { BrandRepository, BrandService } from '@vidgen/videos';
import { AssetsModule } from '../assets/assets.module';
import { CommonModule } from '../common/common.module';
import { overDb } from '../infra/infra.tokens';
import { BrandPreviewService } from './brand-preview.service';
import { BrandsController } from './brands.controller';

/** Brand kits (docs/decisions/0064-brand-kits.md); exports the service POST /videos takes brands from. */
@Module({
  imports: [CommonModule, AssetsModule],
  controllers: [BrandsController],
  providers: [
    overDb(BrandRepository),
    {
      provide: BrandService,
      useFactory: (brands: BrandRepository, assets: AssetRepository) => new BrandService(brands, assets),
      inject: [BrandRepository, AssetRepository],
    },
    BrandPreviewService,
  ],
  exports: [BrandService],
})
export class BrandsModule {}
