import 'reflect-metadata';
import type { Server } from 'node:http';
import { type INestApplication, NotFoundException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { AppConfig } from '@vidgen/config';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { ApiExceptionFilter, renderError } from './common/api-exception.filter';
import { requestIdMiddleware } from './common/request-id';
import { ApiValidationPipe } from './common/validation.pipe';

export const API_PREFIX = 'api/v1';

export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), { bodyParser: false, bufferLogs: true });
  app.useLogger(app.get(Logger));
  // Node closes an idle keep-alive connection after 5 s, sooner than most clients' pools and
  // load balancers (60 s) drop theirs: a client that reuses one just as the server closes it
  // gets "socket closed". Idle connections are kept longer than those peers keep them; the
  // headers timeout must exceed the keep-alive timeout or Node cuts reused connections early.
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.disable('x-powered-by');
  http.set('query parser', 'simple');
  // Request ids come first so every response, errors from the body parser included, carries one.
  app.use(requestIdMiddleware);
  // Every route lives under the prefix; anything else gets the standard 404 body, not Express's HTML page.
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) =>
    req.path === `/${API_PREFIX}` || req.path.startsWith(`/${API_PREFIX}/`)
      ? next()
      : renderError(new NotFoundException(), req, res),
  );
  app.use(express.json({ limit: '1mb' }));
  // Body-parser failures happen before Nest routing; render them with the same error renderer.
  app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) =>
    renderError(err, req, res),
  );
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(new ApiValidationPipe());

  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('vidgen API')
      .setDescription('Video generation: scripts, scenes, rendering, assets, credits and webhooks.')
      .setVersion('1')
      .addServer(config.publicBaseUrl)
      // No document-wide requirement: RequireScope marks each protected operation, so public ones
      // (health) are not documented as needing a key.
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }, 'ApiKey')
      .build(),
  );
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, document, {
    jsonDocumentUrl: `${API_PREFIX}/openapi.json`,
    customSiteTitle: 'vidgen API reference',
  });
  return app;
}
