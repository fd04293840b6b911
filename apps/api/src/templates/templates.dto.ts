import { CURSOR_PATTERN, toIsoZ, ValidationError } from '@vidgen/core';
import type { NewTemplate, Template, TemplateChanges } from '@vidgen/videos';
import { IsDefined, IsObject, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { Optional } from '../common/optional.decorator';
import { PageQuery } from '../common/page.query';
import { CreateVideoDto } from '../videos/create-video.dto';
import { checkVideoRequest } from '../videos/video-request';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;
const REQUEST_DESCRIPTION =
  'A POST /videos body whose `prompt`, `scenes[].narration` and `scenes[].visual_description` may hold `{{name}}` placeholders (letters, digits, `_`)';

export class CreateTemplateDto {
  @ApiProperty({ minLength: 1, maxLength: NAME_MAX, example: 'Product spotlight' })
  @IsDefined({ message: 'name is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(NAME_MAX)
  name: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: DESCRIPTION_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX)
  description?: string | null;

  @ApiPropertyOptional({
    type: () => CreateVideoDto,
    description: `${REQUEST_DESCRIPTION}; or send \`from_video_id\``,
  })
  @Optional()
  @IsObject()
  request?: Record<string, unknown>;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "A video of the account: its request, with its scenes as they are now, becomes the template's",
  })
  @Optional()
  @IsUUID()
  from_video_id?: string;
}

export class UpdateTemplateDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: NAME_MAX })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(NAME_MAX)
  name?: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: DESCRIPTION_MAX })
  @IsOptional()
  @IsString()
  @MaxLength(DESCRIPTION_MAX)
  description?: string | null;

  @ApiPropertyOptional({
    type: () => CreateVideoDto,
    description: `${REQUEST_DESCRIPTION}; replaces the whole request`,
  })
  @Optional()
  @IsObject()
  request?: Record<string, unknown>;
}

export class ListTemplatesQuery extends PageQuery {}

export class TemplateRecordDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: () => CreateVideoDto, description: REQUEST_DESCRIPTION })
  request: Record<string, unknown>;
  @ApiProperty({
    type: [String],
    description: "The request's placeholder names, sorted and unique",
    example: ['price', 'product'],
  })
  variables: string[];
  @ApiProperty({ example: '2026-11-21T10:00:00.123456Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-21T10:00:00.123456Z' }) updated_at: string;

  static from(t: Template): TemplateRecordDto {
    return {
      id: t.id,
      name: t.name,
      description: t.description,
      request: t.request,
      variables: t.variables,
      created_at: toIsoZ(t.createdAt),
      updated_at: toIsoZ(t.updatedAt),
    };
  }
}

export class TemplatePageDto {
  @ApiProperty({ type: [TemplateRecordDto], description: 'Newest first' }) data: TemplateRecordDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    pattern: CURSOR_PATTERN,
    description: 'Pass as `cursor` for the next page; null on the last page',
  })
  next_cursor: string | null;
}

/** A template's request is checked as POST /videos checks its body; it cannot name a template itself. */
async function checkTemplateRequest(request: Record<string, unknown>): Promise<Record<string, unknown>> {
  const nested = ['template_id', 'variables'].filter((f) => Object.hasOwn(request, f));
  if (nested.length > 0) {
    throw new ValidationError(
      nested.map((f) => ({
        loc: ['body', 'request', f],
        msg: 'a template cannot be made from another template',
      })),
    );
  }
  await checkVideoRequest(request, ['body', 'request']);
  return request;
}

export async function toNewTemplate(dto: CreateTemplateDto): Promise<NewTemplate> {
  if ((dto.request === undefined) === (dto.from_video_id === undefined)) {
    throw new ValidationError([{ loc: ['body', 'request'], msg: 'send either request or from_video_id' }]);
  }
  return {
    name: dto.name,
    description: dto.description ?? null,
    ...(dto.request !== undefined
      ? { request: await checkTemplateRequest(dto.request) }
      : { fromVideoId: dto.from_video_id }),
  };
}

export async function toTemplateChanges(dto: UpdateTemplateDto): Promise<TemplateChanges> {
  return {
    name: dto.name,
    description: dto.description,
    request: dto.request === undefined ? undefined : await checkTemplateRequest(dto.request),
  };
}
