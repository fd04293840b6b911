import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module';
import { DashboardController } from './dashboard.controller';
import { LoginController } from './login.controller';

@Module({
  imports: [CommonModule],
  controllers: [DashboardController, LoginController],
})
export class DashboardModule {}
