import type * as Swagger from '@nestjs/swagger';

/**
 * The OpenAPI decorators of `@nestjs/swagger`, without loading it. Swagger's decorators only write
 * metadata that its document builder reads, and loading the package costs a serving api 7–10 MB it
 * never needs unless someone asks for the reference (docs/decisions/0020-service-memory.md). So
 * these stand-ins record each application — the decorator, its arguments and what it decorated —
 * and `applyRecordedDecorators` replays them, in the same order, through the real ones when the
 * document is first built. Once replayed, a stand-in applies the real decorator at once (a module
 * loaded later).
 */
type DecoratorName =
  | 'ApiCreatedResponse'
  | 'ApiExcludeController'
  | 'ApiExtension'
  | 'ApiExtraModels'
  | 'ApiHeader'
  | 'ApiNoContentResponse'
  | 'ApiOkResponse'
  | 'ApiProperty'
  | 'ApiPropertyOptional'
  | 'ApiQuery'
  | 'ApiResponse'
  | 'ApiSecurity'
  | 'ApiServiceUnavailableResponse'
  | 'ApiTags';

type Decorator = (...target: unknown[]) => unknown;
type Factory = (...args: unknown[]) => Decorator;

interface Application {
  name: DecoratorName;
  args: unknown[];
  target: unknown[];
}

const recorded: Application[] = [];
let real: typeof Swagger | undefined;

function standIn<N extends DecoratorName>(name: N): (typeof Swagger)[N] {
  const factory: Factory =
    (...args) =>
    (...target) => {
      if (real) return (real[name] as unknown as Factory)(...args)(...target);
      recorded.push({ name, args, target });
      // Nothing replaced: a method keeps its descriptor, a class itself.
      return undefined;
    };
  return factory as unknown as (typeof Swagger)[N];
}

export const ApiCreatedResponse = standIn('ApiCreatedResponse');
export const ApiExcludeController = standIn('ApiExcludeController');
export const ApiExtension = standIn('ApiExtension');
export const ApiExtraModels = standIn('ApiExtraModels');
export const ApiHeader = standIn('ApiHeader');
export const ApiNoContentResponse = standIn('ApiNoContentResponse');
export const ApiOkResponse = standIn('ApiOkResponse');
export const ApiProperty = standIn('ApiProperty');
export const ApiPropertyOptional = standIn('ApiPropertyOptional');
export const ApiQuery = standIn('ApiQuery');
export const ApiResponse = standIn('ApiResponse');
export const ApiSecurity = standIn('ApiSecurity');
export const ApiServiceUnavailableResponse = standIn('ApiServiceUnavailableResponse');
export const ApiTags = standIn('ApiTags');

/**
 * Swagger's `getSchemaPath`, needed while the decorators are applied. The same reference for
 * a class without `@ApiSchema` (which this api does not use); the document specs check every
 * `$ref` resolves.
 */
export function getSchemaPath(model: string | { name: string }): string {
  return `#/components/schemas/${typeof model === 'string' ? model : model.name}`;
}

/** Replays what was recorded through the real decorators; from then on they apply at once. */
export function applyRecordedDecorators(swagger: typeof Swagger): void {
  if (real) return;
  real = swagger;
  for (const { name, args, target } of recorded.splice(0)) {
    (swagger[name] as unknown as Factory)(...args)(...target);
  }
}
