import { Controller, Get } from '@nestjs/common';
import { listFonts } from '@vidgen/media';
import { RequireScope } from '../common/auth';
import { ApiOkResponse, ApiTags } from '../common/openapi-decorators';
import { FontListDto } from './font-responses.dto';

@ApiTags('brands')
@Controller('fonts')
export class FontsController {
  @Get()
  @RequireScope('videos:read')
  @ApiOkResponse({
    type: FontListDto,
    description: 'The fonts a brand may use, each with the scripts it writes',
  })
  list(): FontListDto {
    return { data: listFonts() };
  }
}
