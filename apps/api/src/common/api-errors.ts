import { applyDecorators } from '@nestjs/common';
import { ApiExtension, ApiExtraModels, ApiProperty, ApiResponse, getSchemaPath } from './openapi-decorators';

/** The error codes of docs/api.md#errors (interface section 7.3). */
export const ERROR_CODES = [
  'UNAUTHORIZED',
  'AUTH_ERROR',
  'INVALID_TOKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_STATE',
  'INSUFFICIENT_CREDITS',
  'INVALID_PLAN',
  'PAYMENT_FAILED',
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'RATE_LIMITED',
  'MAX_CONCURRENT_VIDEOS',
  'INTERNAL_ERROR',
  'DATABASE_ERROR',
] as const;

export class ErrorObjectDto {
  @ApiProperty({ enum: ERROR_CODES, example: 'NOT_FOUND' })
  code: string;

  @ApiProperty({ example: 'Video not found' })
  message: string;

  @ApiProperty({ description: 'Also sent as the X-Request-Id header', example: 'req-7f3a' })
  request_id: string;
}

/** The standard error body. */
export class ErrorBodyDto {
  @ApiProperty({ type: ErrorObjectDto })
  error: ErrorObjectDto;
}

export class ValidationDetailDto {
  @ApiProperty({
    type: 'array',
    items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    description: 'Where the problem is: the request part (body, query, header), then the field path',
    example: ['body', 'prompt'],
  })
  loc: (string | number)[];

  @ApiProperty({ example: 'prompt is required' })
  msg: string;
}

export class ValidationErrorObjectDto extends ErrorObjectDto {
  @ApiProperty({ enum: ['VALIDATION_ERROR'], example: 'VALIDATION_ERROR' })
  declare code: string;

  @ApiProperty({ type: [ValidationDetailDto] })
  details: ValidationDetailDto[];
}

/** The standard error body of a 422, with `details`. */
export class ValidationErrorBodyDto {
  @ApiProperty({ type: ValidationErrorObjectDto })
  error: ValidationErrorObjectDto;
}

/** The rate limiter's simpler body (interface 7.1, item 3). */
export class RateLimitBodyDto {
  @ApiProperty({
    description: 'Names the limit and the window',
    example: 'Rate limit exceeded: 10 per 1 day',
  })
  error: string;
}

export const REQUEST_ID_HEADER = {
  description: "The request's id: the client's X-Request-Id when it sent a sane one, else a new UUID",
  required: true,
  schema: { type: 'string', example: '3f0c9a4e-8b1d-4c2e-9f6a-1b2c3d4e5f60' },
} as const;

export const RETRY_AFTER_HEADER = {
  description: 'Seconds until the limit admits a request again (sent by the rate limiter)',
  required: false,
  schema: { type: 'integer', minimum: 1, example: 30 },
} as const;

const DEFAULT_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'BAD_REQUEST: malformed JSON or an invalid request format',
  401: 'UNAUTHORIZED (no key or an unknown one), AUTH_ERROR (the key was sent in Authorization), INVALID_TOKEN (revoked or expired key)',
  402: 'INSUFFICIENT_CREDITS: the message states the required and the available credits',
  403: 'FORBIDDEN: the key lacks the scope this operation needs',
  404: 'NOT_FOUND: no such resource in this account (also a malformed id)',
  409: 'CONFLICT or INVALID_STATE',
  422: 'VALIDATION_ERROR: `details` lists each problem with its location',
  429: 'Rate limited: the simple body `{"error": "Rate limit exceeded: …"}` with Retry-After',
  500: 'INTERNAL_ERROR, or DATABASE_ERROR when the database failed or did not answer in time',
};

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 422 | 429 | 500;

/** One status, or a status with its own description of when it happens. */
export type ErrorSpec = ErrorStatus | [ErrorStatus, string];

function errorResponse(status: ErrorStatus, description: string, concurrency: boolean) {
  if (status === 422) {
    return ApiResponse({ status, description, type: ValidationErrorBodyDto });
  }
  if (status === 429) {
    // The per-key limiter and the daily quota answer with the simple body; the concurrent-video
    // limit is an error like the others, in the standard body.
    const schema = concurrency
      ? { oneOf: [{ $ref: getSchemaPath(RateLimitBodyDto) }, { $ref: getSchemaPath(ErrorBodyDto) }] }
      : { $ref: getSchemaPath(RateLimitBodyDto) };
    return ApiResponse({ status, description, schema, headers: { 'Retry-After': RETRY_AFTER_HEADER } });
  }
  return ApiResponse({ status, description, type: ErrorBodyDto });
}

/**
 * Documents the error responses an operation can return, each with its body shape
 * (docs/api.md#errors). `RequireScope` adds 401, 403 and 429; the document adds 500 and the
 * X-Request-Id header everywhere (see openapi-document.ts).
 */
export const ApiErrors = (...specs: ErrorSpec[]) =>
  applyDecorators(
    ApiExtraModels(ErrorBodyDto, ValidationErrorBodyDto, RateLimitBodyDto),
    ...specs.map((spec) => {
      const [status, description] = Array.isArray(spec) ? spec : [spec, DEFAULT_DESCRIPTIONS[spec]];
      return errorResponse(status, description, false);
    }),
  );

/** 429 of an operation that also meets the concurrent-video limit (MAX_CONCURRENT_VIDEOS, standard body). */
export const ApiConcurrencyLimit = (description: string) =>
  applyDecorators(ApiExtraModels(ErrorBodyDto, RateLimitBodyDto), errorResponse(429, description, true));

/**
 * A request body that comes in more than one media type, each with its own schema (Nest's
 * ApiBody gives every media type the same one). openapi-document.ts moves it into requestBody.
 */
export const ApiRequestContent = (content: Record<string, Record<string, unknown>>) =>
  ApiExtension('x-request-content', content);
