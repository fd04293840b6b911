import { Injectable, type PipeTransform } from '@nestjs/common';
import { isUuid, NotFoundError } from '@vidgen/core';

/** A malformed id names no resource: 404 NOT_FOUND, like an unknown one. */
@Injectable()
export class UuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!isUuid(value)) throw new NotFoundError();
    return value.toLowerCase();
  }
}
