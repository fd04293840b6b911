import { CURSOR_PATTERN, toIsoZ, ValidationError } from '@vidgen/core';
import type { NewTemplate, Template, TemplateChanges } from '@vidgen/videos';
import { IsDefined, IsObject, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { Optional } from '../common/optional.decorator';
import { PageQuery } from '../common/page.query';
import { checkVideoRequest } from '../videos/video-request';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 2000;
const REQUEST_DESCRIPTION =
  'A POST /videos body whose `prompt`, `scenes[].narration` and `scenes[].visual_description` may hold `{{name}}` placeholders (letters, digits, `_`); it cannot name a template (`template_id`, `variables`) nor hold `faults`';
/** The schema of a template's request: see templateRequestSchema. */
const TEMPLATE_REQUEST = { allOf: [{ $ref: '#/components/schemas/TemplateRequestDto' }] };
/**
 * Fields of POST /videos that a template's request cannot hold (checkTemplateRequest): it names no
 * template, and fault injection (`faults`, a test server's) is given per video, not kept.
 */
const NOT_IN_A_TEMPLATE = ['template_id', 'variables', 'faults'];

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
    ...TEMPLATE_REQUEST,
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
    ...TEMPLATE_REQUEST,
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
  @ApiProperty({ ...TEMPLATE_REQUEST, description: REQUEST_DESCRIPTION })
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

/** A template's request is checked as POST /videos checks its body; it cannot name a template itself, nor hold faults. */
async function checkTemplateRequest(request: Record<string, unknown>): Promise<Record<string, unknown>> {
  const refused = NOT_IN_A_TEMPLATE.filter((f) => Object.hasOwn(request, f));
  if (refused.length > 0) {
    throw new ValidationError(
      refused.map((f) => ({
        loc: ['body', 'request', f],
        msg:
          f === 'faults'
            ? 'faults are given per video, not kept in a template'
            : 'a template cannot be made from another template',
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
  if (dto.name === undefined && dto.description === undefined && dto.request === undefined)
    throw new ValidationError([{ loc: ['body'], msg: 'give at least one field of the template to change' }]);
  return {
    name: dto.name,
    description: dto.description,
    request: dto.request === undefined ? undefined : await checkTemplateRequest(dto.request),
  };
}

/**
 * The document's rules for templates, added by openapi-document.ts once CreateVideoDto is complete:
 * a template's request (TemplateRequestDto) is the POST /videos body without `template_id`,
 * `variables` and `faults` and the rules about them, `prompt` required (checkTemplateRequest), and POST /videos
 * takes `variables` only with `template_id`; POST /templates
 * takes `request` or `from_video_id`, not both (toNewTemplate); a PATCH changes at least one field
 * (toTemplateChanges).
 */
export function addTemplateSchemas(schemas: Record<string, Record<string, unknown>>): void {
  const createVideo = schemas.CreateVideoDto;
  if (createVideo) {
    const request = structuredClone(createVideo);
    const properties = request.properties as Record<string, unknown>;
    for (const f of NOT_IN_A_TEMPLATE) delete properties[f];
    request.required = [...new Set([...((request.required as string[] | undefined) ?? []), 'prompt'])];
    const about = (rule: unknown) => NOT_IN_A_TEMPLATE.some((f) => JSON.stringify(rule).includes(`"${f}"`));
    request.allOf = ((request.allOf as unknown[] | undefined) ?? []).filter((rule) => !about(rule));
    schemas.TemplateRequestDto = request;
    // POST /videos takes `variables` only beside `template_id` (TemplateExpansionInterceptor).
    createVideo.allOf = [
      ...((createVideo.allOf as unknown[] | undefined) ?? []),
      { anyOf: [{ not: { required: ['variables'] } }, { required: ['template_id'] }] },
    ];
  }
  const create = schemas.CreateTemplateDto;
  // Inside allOf, so generated client types keep the object's own properties.
  if (create) create.allOf = [{ oneOf: [{ required: ['request'] }, { required: ['from_video_id'] }] }];
  const update = schemas.UpdateTemplateDto;
  if (update) update.minProperties = 1;
}
