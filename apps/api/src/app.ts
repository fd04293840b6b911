import 'reflect-metadata';
import type { Server } from 'node:http';
import { type INestApplication, NotFoundException, RequestMethod } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { AppConfig } from '@vidgen/config';
import express from 'express';
import { serveApiReference } from './api-reference';
import { AppModule } from './app.module';
import { ApiExceptionFilter, renderError } from './common/api-exception.filter';
import { weakEtag } from './common/etag';
import { httpMetricsMiddleware } from './common/http-metrics';
import { jsonBodyGuard } from './common/json-body-guard';
import { requestIdMiddleware } from './common/request-id';
import { createApiLogger, NestPinoLogger, requestLogMiddleware } from './common/request-log';
import { ApiValidationPipe } from './common/validation.pipe';
import { defaultDashboardDir, serveDashboard } from './dashboard/dashboard-static';

export const API_PREFIX = 'api/v1';
/** The one-time sign-in link of the dashboard: a page, outside the API prefix. */
const LOGIN_PATH = '/dashboard/login';

/**
 * Node closes an idle keep-alive connection after 5 s, racing clients and proxies that reuse it
 * a moment later ("socket closed" errors). Idle connections stay open longer than the common
 * client and load-balancer idle timeouts (60 s), and headers may take longer still.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
}

/**
 * SIGTERM, SIGINT and the other shutdown signals close the app (requests in flight are answered,
 * pools closed), and the process then exits with code 0, like the worker. Exiting, rather than
 * raising the signal again as Nest otherwise does, lets pino write the request lines still
 * waiting in their batch (createApiLogger): a process ended by a signal runs no exit handlers.
 */
export function stopOnSignals(app: INestApplication): void {
  app.enableShutdownHooks([], { useProcessExit: true });
}

export async function createApp(config: AppConfig): Promise<INestApplication> {
  const app = await NestFactory.create(AppModule.forRoot(config), { bodyParser: false, bufferLogs: true });
  // One logger (@vidgen/core's): pretty lines on a terminal, JSON otherwise.
  const logger = createApiLogger(config);
  app.useLogger(new NestPinoLogger(logger));
  keepConnectionsAlive(app.getHttpServer());
  const http = app.getHttpAdapter().getInstance() as express.Express;
  http.disable('x-powered-by');
  http.set('query parser', 'simple');
  http.set('etag', weakEtag);
  // Whose X-Forwarded-For and -Proto to believe (TRUST_PROXY): req.ip, which the sign-in limiter
  // counts, and req.secure, which marks cookies Secure. Off unless configured.
  http.set('trust proxy', config.trustProxy);
  // Metrics see every response, the 404s and body-parser failures below included.
  app.use(httpMetricsMiddleware);
  // Request ids come first so every response, errors from the body parser included, carries one.
  app.use(requestIdMiddleware);
  // The web dashboard, same origin as the API (docs/dashboard.md): its built files and page routes.
  app.use(serveDashboard(defaultDashboardDir(), config.publicBaseUrl));
  // Every route lives under the prefix (but the dashboard's sign-in link); anything else gets the
  // standard 404 body, not Express's HTML page.
  app.use((req: express.Request, res: express.Response, next: express.NextFunction) =>
    req.path === `/${API_PREFIX}` || req.path.startsWith(`/${API_PREFIX}/`) || req.path === LOGIN_PATH
      ? next()
      : renderError(new NotFoundException(), req, res),
  );
  // A line per request under the prefix, body-parser failures included (the health checks aside).
  app.use(requestLogMiddleware(logger));
  app.use(express.json({ limit: '1mb' }));
  // The sign-in page's form (token and nonce), nothing else takes a form body.
  app.use(LOGIN_PATH, express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }));
  app.use(jsonBodyGuard);
  // Body-parser failures happen before Nest routing; render them with the same error renderer.
  app.use((err: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) =>
    renderError(err, req, res),
  );
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      { path: LOGIN_PATH.slice(1), method: RequestMethod.GET },
      { path: LOGIN_PATH.slice(1), method: RequestMethod.POST },
    ],
  });
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(new ApiValidationPipe());

  // Loaded and built on the first request for the reference or the document, not at start-up.
  app.use(serveApiReference(app, config, API_PREFIX));
  return app;
}
