import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { routeLabel } from './http-metrics';

const req = (r: Partial<Request> & { route?: { path: string } }) => r as unknown as Request;

describe('routeLabel', () => {
  it('is the matched route template, never the raw path with its ids', () => {
    expect(routeLabel(req({ baseUrl: '', route: { path: '/api/v1/videos/:id' } }))).toBe(
      '/api/v1/videos/:id',
    );
    expect(routeLabel(req({ baseUrl: '/api/v1', route: { path: '/videos/:id/scenes' } }))).toBe(
      '/api/v1/videos/:id/scenes',
    );
  });

  it('puts every request no route matched under one label', () => {
    expect(routeLabel(req({ baseUrl: '', path: '/wp-admin/123' }))).toBe('unmatched');
  });
});
