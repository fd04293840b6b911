import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { isUuid, NotFoundError } from '@vidgen/core';
import { VideoService } from '@vidgen/videos';
import type { Request } from 'express';

/**
 * Scene edits check the video's state before their body
 * (docs/decisions/0036-review-fixes-slots-assets-credits.md): guards run before the validation
 * pipe, so a completed, failed or running video answers 409 INVALID_STATE whatever the body holds,
 * and an unknown video 404. Runs after the global auth guard, which sets the principal.
 */
@Injectable()
export class ScenesEditableGuard implements CanActivate {
  constructor(private readonly videos: VideoService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const id = req.params.id;
    if (!req.principal) return true;
    if (typeof id !== 'string' || !isUuid(id)) throw new NotFoundError();
    await this.videos.assertScenesEditable(req.principal.accountId, id.toLowerCase());
    return true;
  }
}
