import type { INestApplication } from '@nestjs/common';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { AppConfig } from '@vidgen/config';
import express from 'express';
import { renderError } from './common/api-exception.filter';

@Module({})
class ReferenceModule {}

/**
 * The API reference (`/docs`, Swagger UI) and the OpenAPI document (`/openapi.json`, and the same
 * as YAML at `/docs-yaml`), served by Swagger's own module. Nothing of it is loaded until the
 * first request for one of them: `@nestjs/swagger` and the document are 7–10 MB a serving api
 * otherwise holds from start-up on (docs/decisions/0020-service-memory.md).
 */
export function serveApiReference(
  app: INestApplication,
  config: AppConfig,
  prefix: string,
): express.RequestHandler {
  const docsPath = `/${prefix}/docs`;
  const jsonPath = `/${prefix}/openapi.json`;
  let reference: Promise<express.Express> | undefined;
  return (req, res, next) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !(req.path === jsonPath || req.path.startsWith(docsPath))
    ) {
      return next();
    }
    reference ??= mountReference(app, config, docsPath, jsonPath);
    reference.then(
      (handle) => {
        // As Express does for an application mounted in another: what falls through (a path
        // under /docs the reference does not serve) goes on with this application's request.
        const requestProto = Object.getPrototypeOf(req);
        const responseProto = Object.getPrototypeOf(res);
        handle(req, res, (err?: unknown) => {
          Object.setPrototypeOf(req, requestProto);
          Object.setPrototypeOf(res, responseProto);
          next(err);
        });
      },
      (err: unknown) => {
        reference = undefined;
        renderError(err, req, res);
      },
    );
  };
}

async function mountReference(
  app: INestApplication,
  config: AppConfig,
  docsPath: string,
  jsonPath: string,
): Promise<express.Express> {
  const [{ SwaggerModule }, { buildOpenApiDocument }] = await Promise.all([
    import('@nestjs/swagger'),
    import('./openapi-document'),
  ]);
  const handle = express();
  handle.disable('x-powered-by');
  // A Nest application of its own, never started, only to hold Swagger's routes and assets.
  const host = await NestFactory.create(ReferenceModule, new ExpressAdapter(handle), {
    logger: false,
    bodyParser: false,
  });
  SwaggerModule.setup(docsPath, host, () => buildOpenApiDocument(app, config), {
    jsonDocumentUrl: jsonPath,
    customSiteTitle: 'vidgen API reference',
  });
  return handle;
}
